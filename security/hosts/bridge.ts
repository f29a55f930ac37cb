import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Decided, HostFactory } from './host.js';
import { bridgeBin, hostEnvironment } from './processes.js';

type Message = Record<string, unknown>;

/**
 * The real Emacs bridge process, spoken to over its stdio JSON-RPC as Emacs does: the policy
 * arrives with `initialize`, and `permission/ask` requests are recorded and answered "deny".
 */
export const bridgeHost: HostFactory = async ({ workspace, home, policy }) => {
  const child = spawn(process.execPath, [bridgeBin], {
    cwd: workspace,
    env: hostEnvironment(home, policy),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const pending = new Map<
    number,
    { resolve(message: Message): void; reject(error: Error): void }
  >();
  child.on('exit', () => {
    for (const waiter of pending.values()) waiter.reject(new Error(`the bridge exited: ${stderr}`));
    pending.clear();
  });
  let question: string | undefined;
  const write = (message: Message) => child.stdin.write(`${JSON.stringify(message)}\n`);
  createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as Message;
    if (message.method === 'permission/ask' && message.id !== undefined) {
      const params = message.params as { reason?: string; segment?: unknown };
      question = String(params.reason ?? '');
      write({ jsonrpc: '2.0', id: message.id, result: { answer: 'deny' } });
      return;
    }
    if (typeof message.id === 'number' && !('method' in message)) {
      pending.get(message.id)?.resolve(message);
      pending.delete(message.id);
    }
  });
  let next = 1;
  const request = (method: string, params: Message): Promise<Message> => {
    const id = next++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      write({ jsonrpc: '2.0', id, method, params });
    });
  };
  const started = await request('initialize', {
    workspace,
    mode: policy.mode,
    rules: { allow: policy.allow, deny: policy.deny, ask: policy.ask ?? [] },
  });
  if ('error' in started) throw new Error(`initialize failed: ${JSON.stringify(started.error)}`);
  return {
    name: 'bridge',
    async call(tool, input): Promise<Decided> {
      question = undefined;
      const reply = await request('tools/call', { name: tool, arguments: input });
      if ('error' in reply) throw new Error(`tools/call failed: ${JSON.stringify(reply.error)}`);
      const result = reply.result as { status: string; result: unknown };
      const text =
        typeof result.result === 'string' ? result.result : JSON.stringify(result.result);
      if (question !== undefined) return { decision: 'asked', text, question };
      if (result.status === 'error' && /^(Error: )?Permission denied/m.test(text))
        return { decision: 'denied', text };
      return { decision: 'ran', text };
    },
    close: async () => {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.stdin.end();
      });
    },
  };
};

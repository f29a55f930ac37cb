import type { SharedTarget } from '../address-types.js';
import type { AgentResult, ResourceProviders } from '../providers.js';

/** In-memory providers for every host-owned family, as a test host would wire them. */
export function createMemoryProviders(): ResourceProviders {
  const agents = new Map<string, AgentResult>([
    [
      '/root/worker',
      {
        state: 'settled',
        payload: '{"items": [{"name": "a"}, null], "n": 2, "s": "text", "z": null}',
        outcome: 'completed',
      },
    ],
    ['/root/worker/child', { state: 'settled', payload: 'partial answer', outcome: 'interrupted' }],
    ['/root/busy', { state: 'running' }],
    ['/root/prose', { state: 'settled', payload: '```json\n{}\n```', outcome: 'completed' }],
  ]);
  const histories = new Map([
    ['/root', '# Root\n\nuser: hello\nassistant: hi\n'],
    ['/root/worker', '# Worker\n\nfound it\n'],
  ]);
  const servers = new Map([
    ['github', [{ uri: 'repo://owner/name', name: 'Repository', text: 'README body' }]],
    ['files server', [{ uri: 'file:///tmp/a.png', name: 'Image', blob: 'iVBORw0K' }]],
  ]);
  return {
    agent: {
      list: async () => [...agents.keys()].map((path) => ({ path })),
      read: async (path) => agents.get(path),
    },
    history: {
      list: async () => [...histories.keys()].map((path) => ({ path })),
      render: async (path) => histories.get(path),
    },
    mcp: {
      listServers: async () => [
        { name: 'github', available: true },
        { name: 'files server', available: true },
        { name: 'offline', available: false },
      ],
      listResources: async (server) => servers.get(server)?.map(({ uri, name }) => ({ uri, name })),
      readResource: async (server, uri) => {
        const resource = servers.get(server)?.find((item) => item.uri === uri);
        if (resource === undefined) return undefined;
        return [
          {
            uri,
            ...('text' in resource
              ? { text: resource.text, mimeType: 'text/plain' }
              : { blob: resource.blob, mimeType: 'image/png' }),
          },
        ];
      },
    },
    shared: {
      list: async () => [{ id: 'board-1', title: 'Architecture' }],
      read: async (target: SharedTarget) => {
        if (target.kind === 'document' && target.id === 'board-1') {
          return {
            kind: 'text',
            text:
              target.part.length === 0
                ? 'a1b2 rectangle "API"\nc3d4 arrow'
                : `part ${target.part.join('/')}`,
          };
        }
        if (target.kind === 'library' && target.sheet)
          return { kind: 'image', data: new Uint8Array([137, 80]), mimeType: 'image/png' };
        if (target.kind === 'library')
          return { kind: 'text', text: `library ${target.name ?? '(all)'}` };
        return undefined;
      },
    },
  };
}

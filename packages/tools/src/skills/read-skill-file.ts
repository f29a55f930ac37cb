import type { ResourceResolver } from '@toolcall/resources';

const decoder = new TextDecoder('utf-8', { fatal: true });

// Reasons name the file only: the problem carries the address, and backing paths stay private.
function unreadable(code: string, maxBytes: number): { reason: string } {
  if (code === 'not-found') return { reason: 'the folder has no SKILL.md' };
  if (code === 'too-large')
    return { reason: `SKILL.md is larger than the limit of ${maxBytes} bytes` };
  if (code === 'outside-root') return { reason: 'SKILL.md links outside its skill folder' };
  return { reason: `SKILL.md could not be read (${code})` };
}

/** Reads the SKILL.md of a skill address through the resolver as UTF-8 text, or says why not. */
export async function readSkillFile(
  address: string,
  options: { readonly resources: ResourceResolver; readonly maxSkillBytes: number },
): Promise<{ text: string } | { reason: string }> {
  const prepared = options.resources.prepare('read', `${address}/SKILL.md`);
  if (!prepared.success) return unreadable(prepared.error.code, options.maxSkillBytes);
  const outcome = await options.resources.execute(prepared.value.attempt, {
    maxBytes: options.maxSkillBytes,
  });
  if (!outcome.success) return unreadable(outcome.error.code, options.maxSkillBytes);
  if (outcome.value.kind !== 'file') return { reason: 'SKILL.md is not a regular file' };
  try {
    return { text: decoder.decode(outcome.value.data) };
  } catch {
    return { reason: 'SKILL.md is not valid UTF-8 text' };
  }
}

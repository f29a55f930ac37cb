import type { PermissionRequest } from '@toolcall/pipeline';

/** What a permission question shows: the tool and what exactly it will touch or run. */
export function describePermissionRequest(request: PermissionRequest): string {
  const { facts, toolName } = request;
  const parts: string[] = [];
  if (facts.pattern !== undefined) parts.push(`run: ${facts.pattern}`);
  if (facts.domain !== undefined) parts.push(`connect to: ${facts.domain}`);
  if (facts.name !== undefined) parts.push(`name: ${facts.name}`);
  for (const entry of facts.paths) parts.push(`${entry.access}: ${entry.path}`);
  if (parts.length === 0) parts.push(JSON.stringify(request.input).slice(0, 200));
  return `${toolName} wants to ${parts.join(', ')}`;
}

import { readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TYPES_WITHOUT_BODY } from './ecmascript-rules.js';

const toolsRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');

interface NodeType {
  readonly type: string;
  readonly named: boolean;
  readonly fields?: Record<string, unknown>;
}

function nodeTypes(grammar: string, file: string): NodeType[] {
  const root = realpathSync(join(toolsRoot, 'node_modules', grammar));
  return JSON.parse(readFileSync(join(root, file), 'utf8')) as NodeType[];
}

describe('TYPES_WITHOUT_BODY', () => {
  const grammars = [
    nodeTypes('tree-sitter-typescript', 'typescript/src/node-types.json'),
    nodeTypes('tree-sitter-typescript', 'tsx/src/node-types.json'),
    nodeTypes('tree-sitter-javascript', 'src/node-types.json'),
  ];

  it('names only kinds that no grammar gives a body or a value field', () => {
    for (const types of grammars) {
      for (const { type, named, fields = {} } of types) {
        if (!named || !TYPES_WITHOUT_BODY.has(type)) continue;
        expect({
          type,
          fields: Object.keys(fields).filter((f) => f === 'body' || f === 'value'),
        }).toEqual({
          type,
          fields: [],
        });
      }
    }
  });

  it('names kinds the TypeScript grammar has', () => {
    const known = new Set(grammars[0]?.filter((t) => t.named).map((t) => t.type));
    for (const type of TYPES_WITHOUT_BODY) expect(known).toContain(type);
  });
});

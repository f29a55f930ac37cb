import { expectTypeOf } from 'vitest';
import { z } from 'zod';
import { path } from './args-dsl.js';
import { defineTool } from './define-tool.js';
import { createPipeline } from './pipeline.js';
import type { Tool } from './tool-types.js';

const read = defineTool({
  name: 'Read',
  description: 'Reads.',
  args: z.object({
    file_path: path(),
    offset: z.number().optional(),
    mode: z.enum(['a', 'b']).default('a'),
  }),
  permission: {
    path: (args) => {
      expectTypeOf(args.file_path).toEqualTypeOf<string>();
      return args.file_path;
    },
  },
  handler: (args) => {
    expectTypeOf(args).toEqualTypeOf<{
      file_path: string;
      offset?: number | undefined;
      mode: 'a' | 'b';
    }>();
    return 'ok';
  },
});

// A typed tool registers wherever a Tool is expected.
expectTypeOf(read).toMatchTypeOf<Tool>();
createPipeline({ tools: [read] });

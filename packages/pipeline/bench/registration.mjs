// Bench: registering ~20 realistic tools (defineTool already done) in a fresh pipeline, the
// start-up cost a CLI pays, versus the same pipeline with every validator compiled eagerly.
// Each sample runs in a fresh child process so ajv's schema cache starts cold, as at start-up.
// Run after `tsup` (uses ../dist).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const mode = process.argv[2];
if (mode === undefined) {
  const self = fileURLToPath(import.meta.url);
  const sample = (which) => {
    const times = [];
    for (let round = 0; round < 7; round++) {
      times.push(Number(execFileSync(process.execPath, [self, which], { encoding: 'utf8' })));
    }
    return Math.min(...times);
  };
  const lazy = sample('register');
  const eager = sample('precompile');
  console.log(`register 20 tools:              ${lazy.toFixed(2)} ms`);
  console.log(`register + precompile():        ${eager.toFixed(2)} ms`);
  console.log(`lazy registration is ${(eager / lazy).toFixed(0)}x cheaper than compiling up front`);
} else {
  const { createPipeline, defineTool, path, pathOrResource, z } = await import('../dist/index.js');
  const handler = () => 'ok';
  const tools = [];
  for (let index = 0; index < 20; index++) {
    const shapes = [
      {
        file_path: path('The file.'),
        offset: z.number().int().min(0).optional(),
        limit: z.number().int().positive().optional(),
      },
      {
        file_path: path('The file.'),
        old_string: z.string(),
        new_string: z.string(),
        replace_all: z.boolean().default(false),
      },
      {
        pattern: z.string().min(1),
        path: pathOrResource({ access: 'read' }).optional(),
        glob: z.string().optional(),
        output_mode: z
          .enum(['content', 'files_with_matches', 'count'])
          .default('files_with_matches'),
        '-i': z.boolean().optional(),
        head_limit: z.number().int().optional(),
      },
      {
        command: z.string(),
        timeout: z.number().int().max(600_000).optional(),
        description: z.string().optional(),
        run_in_background: z.boolean().optional(),
      },
      {
        url: z.string().url(),
        prompt: z.string(),
        headers: z.record(z.string(), z.string()).optional(),
      },
      {
        todos: z.array(
          z.object({
            content: z.string().min(1),
            status: z.enum(['pending', 'in_progress', 'completed']),
            id: z.string(),
          }),
        ),
      },
    ];
    tools.push(
      defineTool({
        name: `Tool${index}`,
        description: `Realistic tool number ${index}.`,
        args: z.object(shapes[index % shapes.length]),
        handler,
      }),
    );
  }
  const start = process.hrtime.bigint();
  const pipeline = createPipeline({ tools });
  if (mode === 'precompile') pipeline.precompile?.();
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  process.stdout.write(String(elapsed));
}

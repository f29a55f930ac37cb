// The benches' baseline: `count` calls of `tool` made directly through `pipeline`, one after
// another, each awaited as a host awaits a run's outcome. Its calls are programmatic, with
// ids and a parent as a script's nested calls have.
export async function directLoop(pipeline, tool, count) {
  for (let index = 0; index < count; index++) {
    const outcome = await pipeline.runTool({
      name: tool,
      input: { n: index },
      toolUseId: `D/${index + 1}`,
      parentId: 'D',
      source: 'ptc',
    }).outcome;
    if (outcome.status !== 'success') throw new Error(String(outcome.result));
  }
}

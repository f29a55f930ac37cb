import type { RecoveredToolCall } from '@toolcall/pipeline';
import { createHostCheckpoints, type HostCheckpoints } from '@toolcall/pipeline/node';

/** A session's ToolCall checkpoints once opened: the store, or why there is none. */
export interface OpenedCheckpoints {
  readonly checkpoints: HostCheckpoints | undefined;
  /** Scripts an ended process left running, as interrupted records (consumed on reading). */
  readonly recovered: readonly RecoveredToolCall[];
  readonly warning: string | undefined;
}

/**
 * Opens the checkpoints in `directory` and recovers what an ended process left there. A
 * directory outside the session (`probe`) is also written once: one that cannot be read, or
 * that reads as empty but cannot be created or written (a read-only home), would fail every
 * script's first checkpoint, so scripts run without checkpoints instead and the warning says
 * why.
 */
export async function openCheckpoints(options: {
  readonly directory: string;
  readonly probe: boolean;
}): Promise<OpenedCheckpoints> {
  const checkpoints = createHostCheckpoints(options.directory);
  let recovered: RecoveredToolCall[] = [];
  let step = 'recovered';
  try {
    recovered = await checkpoints.recover();
    step = 'written';
    if (options.probe) await checkpoints.probe();
  } catch (error) {
    await checkpoints.stop();
    return {
      checkpoints: undefined,
      recovered,
      warning: `The ToolCall checkpoints in ${options.directory} could not be ${step} (${(error as Error).message}); scripts run without checkpoints.`,
    };
  }
  return { checkpoints, recovered, warning: undefined };
}

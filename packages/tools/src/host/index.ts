export { describePermissionRequest } from './describe-request.js';
export {
  HOST_SIGNALS,
  type HostSignal,
  type HostSignalOptions,
  handleHostSignals,
  registerHostCleanup,
  runHostCleanups,
  signalExitCode,
} from './host-signals.js';
export {
  createLineReader,
  DEFAULT_MAX_LINE_BYTES,
  describeBytes,
  type LineReader,
  type LineReaderOptions,
  type OversizedLine,
  sniffRequestId,
} from './line-reader.js';
export {
  type HostPermissionMode,
  type HostSandboxMode,
  limitNarrows,
  modeNarrows,
  sandboxNarrows,
} from './narrowing.js';
export {
  listProcesses,
  PROCESS_OUTPUT_TAIL_BYTES,
  type ProcessResult,
  type ProcessRow,
  type ProcessScope,
  readProcessOutput,
  sendToProcess,
  stopProcess,
} from './processes.js';
export {
  hashConfig,
  isConfigTrusted,
  listTrustedConfigs,
  revokeConfigTrust,
  type TrustedConfig,
  type TrustResult,
  trustConfigFile,
  trustStorePath,
} from './trust-store.js';

export {
  type HostPermissionMode,
  type HostSandboxMode,
  limitNarrows,
  modeNarrows,
  sandboxNarrows,
} from './narrowing.js';
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

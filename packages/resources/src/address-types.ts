/** The nine address schemes, in the spec's table order. */
export const resourceSchemes = [
  'work',
  'artifact',
  'skill',
  'agent',
  'history',
  'memory',
  'mcp',
  'shared',
  'toolcall',
] as const;

/** One of the nine address schemes. */
export type ResourceScheme = (typeof resourceSchemes)[number];

/** The eleven rows of the operation matrix (history and memory split in two). */
export const resourceFamilies = [
  'work',
  'artifact',
  'skill',
  'agent',
  'history',
  'history-saved',
  'memory',
  'journal',
  'mcp',
  'shared',
  'toolcall',
] as const;

/** One row of the operation matrix. */
export type ResourceFamily = (typeof resourceFamilies)[number];

/** The skill origins an alias may name (`plugin` also names its plugin). */
export const skillOrigins = [
  'local-toolcall',
  'local-agents',
  'global-toolcall',
  'global-agents',
  'bundled',
  'managed',
  'plugin',
] as const;

/** A skill origin an alias may name. */
export type SkillOrigin = (typeof skillOrigins)[number];

/** Path components, each already decoded. */
export type Components = readonly string[];

/** `work://`, `work://REL` (session scratch) or `work://shared[/REL]` (workspace scratch). */
export interface WorkAddress {
  readonly family: 'work';
  readonly scope: 'session' | 'workspace';
  readonly path: Components;
}

/** `artifact://` or `artifact://HANDLE`. */
export interface ArtifactAddress {
  readonly family: 'artifact';
  readonly handle: string | undefined;
}

/** How a skill address names its skill. */
export type SkillLocator =
  | { readonly kind: 'exact'; readonly name: string; readonly key: string }
  | {
      readonly kind: 'alias';
      readonly origin: SkillOrigin;
      readonly plugin: string | undefined;
      readonly name: string;
    };

/** `skill://`, `skill://NAME@SHA256[/REL]` or `skill://ORIGIN/SKILL[/REL]`. */
export interface SkillAddress {
  readonly family: 'skill';
  readonly locator: SkillLocator | undefined;
  readonly path: Components;
}

/** `agent://` or `agent://root/PATH[#POINTER]`. */
export interface AgentAddress {
  readonly family: 'agent';
  /** Retained agent path below `root`; undefined for the bare listing. */
  readonly agent: Components | undefined;
  /** RFC 6901 reference tokens; undefined without a fragment, empty for `#`. */
  readonly pointer: Components | undefined;
}

/** `history://`, `history://root` or `history://root/PATH`. */
export interface HistoryAddress {
  readonly family: 'history';
  /** Retained agent path below `root` (empty for the root); undefined for the bare listing. */
  readonly agent: Components | undefined;
}

/** `history://saved[/SESSION[/SEGMENT…]]`. */
export interface SavedHistoryAddress {
  readonly family: 'history-saved';
  readonly path: Components;
}

/** `memory://root` (the union index) or `memory://KEY[/REL]`. */
export interface MemoryAddress {
  readonly family: 'memory';
  /** Full lowercase SHA-256 root key; undefined for `memory://root`. */
  readonly key: string | undefined;
  readonly path: Components;
}

/** `memory://journal/` or `memory://journal/FILE`. */
export interface JournalAddress {
  readonly family: 'journal';
  readonly file: string | undefined;
}

/** `mcp://`, `mcp://SERVER` or `mcp://SERVER/URI`, each one encoded component. */
export interface McpAddress {
  readonly family: 'mcp';
  readonly server: string | undefined;
  readonly uri: string | undefined;
}

/** What a `shared://` address names. */
export type SharedTarget =
  | { readonly kind: 'listing' }
  | { readonly kind: 'library'; readonly name: string | undefined; readonly sheet: boolean }
  | { readonly kind: 'document'; readonly id: string; readonly part: Components };

/** `shared://`, `shared://ID[/PART]` or `shared://library[/NAME][/sheet.png]`. */
export interface SharedAddress {
  readonly family: 'shared';
  readonly target: SharedTarget;
}

/** `toolcall://` or `toolcall://REL`: packaged Markdown documentation. */
export interface ToolcallAddress {
  readonly family: 'toolcall';
  readonly path: Components;
}

/** A parsed resource address: one member per matrix family. */
export type ResourceAddress =
  | WorkAddress
  | ArtifactAddress
  | SkillAddress
  | AgentAddress
  | HistoryAddress
  | SavedHistoryAddress
  | MemoryAddress
  | JournalAddress
  | McpAddress
  | SharedAddress
  | ToolcallAddress;

/** The address type of one family. */
export type AddressOf<F extends ResourceFamily> = Extract<ResourceAddress, { family: F }>;

/** The scheme an address of `family` is written with. */
export function schemeOf(family: ResourceFamily): ResourceScheme {
  if (family === 'history-saved') return 'history';
  if (family === 'journal') return 'memory';
  return family;
}

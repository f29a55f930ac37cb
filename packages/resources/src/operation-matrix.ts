import type { ResourceAddress, ResourceFamily } from './address-types.js';

/** The filesystem-shaped operations that accept resource addresses. */
export const resourceOperations = ['read', 'glob', 'grep', 'apply-patch'] as const;

/** One operation of the matrix. */
export type ResourceOperation = (typeof resourceOperations)[number];

/** How a family supports an operation: fully, for some forms only, or not at all. */
export type MatrixCell = 'yes' | 'no' | 'partial';

/** One row of the operation matrix with the spec's note for partial cells. */
export interface MatrixRow {
  readonly family: ResourceFamily;
  readonly forms: readonly string[];
  readonly read: MatrixCell;
  readonly glob: MatrixCell;
  readonly grep: MatrixCell;
  readonly 'apply-patch': MatrixCell;
  readonly note?: string;
}

/** The operation matrix of tool-contracts §6.1, one row per family. */
export const operationMatrix: readonly MatrixRow[] = [
  {
    family: 'work',
    forms: ['work://', 'work://REL', 'work://shared/REL'],
    read: 'yes',
    glob: 'yes',
    grep: 'yes',
    'apply-patch': 'partial',
    note: 'ApplyPatch: descendants only',
  },
  {
    family: 'artifact',
    forms: ['artifact://', 'artifact://HANDLE'],
    read: 'yes',
    glob: 'yes',
    grep: 'yes',
    'apply-patch': 'no',
  },
  {
    family: 'skill',
    forms: ['skill://', 'skill://NAME@SHA256[/REL]', 'skill://ORIGIN/SKILL[/REL]'],
    read: 'yes',
    glob: 'partial',
    grep: 'partial',
    'apply-patch': 'no',
    note: 'bare skill:// is Read-only',
  },
  {
    family: 'agent',
    forms: ['agent://', 'agent://root/PATH[#POINTER]'],
    read: 'yes',
    glob: 'no',
    grep: 'no',
    'apply-patch': 'no',
  },
  {
    family: 'history',
    forms: ['history://', 'history://root', 'history://root/PATH'],
    read: 'yes',
    glob: 'no',
    grep: 'partial',
    'apply-patch': 'no',
    note: 'Grep: concrete history://root[/PATH] only',
  },
  {
    family: 'history-saved',
    forms: ['history://saved[/SESSION[/SEGMENT]]'],
    read: 'yes',
    glob: 'yes',
    grep: 'yes',
    'apply-patch': 'no',
  },
  {
    family: 'memory',
    forms: ['memory://root', 'memory://KEY/REL'],
    read: 'yes',
    glob: 'yes',
    grep: 'yes',
    'apply-patch': 'partial',
    note: 'ApplyPatch: explicit file descendants memory://KEY/REL only',
  },
  {
    family: 'journal',
    forms: ['memory://journal/', 'memory://journal/FILE'],
    read: 'yes',
    glob: 'yes',
    grep: 'yes',
    'apply-patch': 'no',
  },
  {
    family: 'mcp',
    forms: ['mcp://', 'mcp://SERVER', 'mcp://SERVER/URI'],
    read: 'yes',
    glob: 'no',
    grep: 'no',
    'apply-patch': 'no',
  },
  {
    family: 'shared',
    forms: ['shared://', 'shared://ID[/PART]', 'shared://library[/NAME][/sheet.png]'],
    read: 'yes',
    glob: 'no',
    grep: 'partial',
    'apply-patch': 'no',
    note: 'Grep: text views (documents and library entries), not listings or sheets',
  },
  {
    family: 'toolcall',
    forms: ['toolcall://', 'toolcall://REL'],
    read: 'yes',
    glob: 'yes',
    grep: 'yes',
    'apply-patch': 'no',
  },
];

const rows = new Map(operationMatrix.map((row) => [row.family, row]));

/** The tool name an operation stands for, as model-visible text uses it. */
export function toolNameOf(operation: ResourceOperation): string {
  return operation === 'apply-patch'
    ? 'ApplyPatch'
    : operation === 'read'
      ? 'Read'
      : operation === 'glob'
        ? 'Glob'
        : 'Grep';
}

// The partial cells, decided on the parsed form.
function allowsPartial(address: ResourceAddress, operation: ResourceOperation): boolean {
  switch (address.family) {
    case 'work':
      return address.path.length > 0;
    case 'skill':
      return address.locator !== undefined;
    case 'history':
      return address.agent !== undefined;
    case 'memory':
      return address.key !== undefined && address.path.length > 0;
    case 'shared':
      return (
        address.target.kind === 'document' ||
        (address.target.kind === 'library' && !address.target.sheet)
      );
    default:
      return operation === 'read';
  }
}

/** Whether the operation matrix allows `operation` on this parsed address. */
export function isOperationAllowed(
  address: ResourceAddress,
  operation: ResourceOperation,
): boolean {
  const cell = rows.get(address.family)![operation];
  return cell === 'yes' || (cell === 'partial' && allowsPartial(address, operation));
}

import type { AllowList, OptionKind } from './option-allow-list.js';
import { mutating, readOnly, unknown } from './verdict.js';

const kinds = (kind: OptionKind, names: string): Record<string, OptionKind> =>
  Object.fromEntries(names.split(' ').map((name) => [name, kind]));

/** The option allow-lists of commands whose options can write files or run programs. */
export const commandAllowLists: Readonly<Record<string, AllowList>> = {
  sort: {
    command: 'sort',
    short: { ...kinds('flag', 'b d f g h i M n R r V c C m s u z'), ...kinds('value', 'k t S T') },
    long: {
      ...kinds(
        'flag',
        'ignore-leading-blanks dictionary-order ignore-case general-numeric-sort human-numeric-sort ignore-nonprinting month-sort numeric-sort random-sort reverse version-sort merge stable unique zero-terminated debug',
      ),
      ...kinds('optional', 'check'),
      ...kinds(
        'value',
        'sort key field-separator buffer-size temporary-directory parallel batch-size random-source files0-from',
      ),
    },
    refused: {
      '-o': mutating('sort -o writes a file'),
      '--output': mutating('sort -o writes a file'),
      '--compress-program': unknown('sort --compress-program runs a program'),
    },
  },
  uniq: {
    command: 'uniq',
    short: { ...kinds('flag', 'c d D i u z'), ...kinds('value', 'f s w') },
    long: {
      ...kinds('flag', 'count repeated unique ignore-case zero-terminated'),
      ...kinds('optional', 'all-repeated group'),
      ...kinds('value', 'skip-fields skip-chars check-chars'),
    },
    operands: (operands) =>
      operands.length > 1 ? mutating('uniq OUTPUT writes a file') : readOnly,
  },
  base64: {
    command: 'base64',
    short: { ...kinds('flag', 'd i'), ...kinds('value', 'w') },
    long: { ...kinds('flag', 'decode ignore-garbage'), ...kinds('value', 'wrap') },
    // BSD base64 writes its output to `-o FILE`.
    refused: { '-o': mutating('base64 -o writes a file') },
    operands: (operands) => (operands.length > 1 ? unknown('base64 takes one file') : readOnly),
  },
  tee: {
    command: 'tee',
    short: kinds('flag', 'a i p'),
    long: { ...kinds('flag', 'append ignore-interrupts'), ...kinds('optional', 'output-error') },
    operands: (operands) =>
      operands.every((operand) => operand === '/dev/null')
        ? readOnly
        : mutating('tee writes files'),
  },
  date: {
    command: 'date',
    short: { ...kinds('flag', 'R u'), ...kinds('value', 'd f r'), ...kinds('optional', 'I') },
    long: {
      ...kinds('flag', 'rfc-email utc universal debug rfc-2822'),
      ...kinds('optional', 'iso-8601'),
      ...kinds('value', 'date file reference rfc-3339 resolution'),
    },
    refused: { '-s': mutating('date sets the clock'), '--set': mutating('date sets the clock') },
    operands: (operands) =>
      operands.every((operand) => operand.startsWith('+'))
        ? readOnly
        : mutating('date MMDDhhmm sets the clock'),
  },
  file: {
    command: 'file',
    short: { ...kinds('flag', 'b c d E h i k L l N n r s S 0'), ...kinds('value', 'e F f m P') },
    long: {
      ...kinds(
        'flag',
        'brief checking-printout debug dereference no-dereference mime mime-type mime-encoding keep-going list no-pad no-buffer raw special-files no-sandbox print0 extension apple',
      ),
      ...kinds('value', 'exclude exclude-quiet separator files-from magic-file parameter'),
    },
    refused: {
      '-C': mutating('file -C writes a magic file'),
      '--compile': mutating('file -C writes a magic file'),
      '-z': unknown('file -z runs decompressors'),
      '-Z': unknown('file -Z runs decompressors'),
      '--uncompress': unknown('file -z runs decompressors'),
      '--uncompress-noreport': unknown('file -Z runs decompressors'),
      '-p': mutating('file -p restores access times'),
      '--preserve-date': mutating('file -p restores access times'),
    },
  },
  tree: {
    command: 'tree',
    short: {
      ...kinds('flag', 'a d l f x q N Q p u g s h D F v t c U r C n A S J X i'),
      ...kinds('value', 'L P I H T'),
    },
    long: {
      ...kinds(
        'flag',
        'gitignore prune noreport si du inodes device dirsfirst filesfirst matchdirs ignore-case info metafirst nolinks fflinks noindent',
      ),
      ...kinds('value', 'timefmt charset filelimit sort fromfile hintro houtro'),
    },
    refused: {
      '-o': mutating('tree -o writes a file'),
      '--output': mutating('tree -o writes a file'),
      '-R': mutating('tree -R writes 00Tree.html in every directory'),
    },
  },
  rg: {
    command: 'rg',
    short: {
      ...kinds('flag', 's F i v x U P S a w L u b h n N 0 o p q H I c l . V'),
      ...kinds('value', 'e f g t T m A B C M j r E d'),
    },
    long: {
      ...kinds(
        'flag',
        'case-sensitive crlf fixed-strings ignore-case invert-match line-regexp mmap multiline multiline-dotall no-unicode null-data pcre2 smart-case stop-on-nonmatch text word-regexp auto-hybrid-regex no-pcre2-unicode binary follow glob-case-insensitive ignore-file-case-insensitive no-ignore no-ignore-dot no-ignore-exclude no-ignore-files no-ignore-global no-ignore-parent no-ignore-vcs no-require-git one-file-system unrestricted block-buffered byte-offset column no-context-separator heading include-zero line-buffered line-number no-line-number max-columns-preview null only-matching passthru pretty quiet trim vimgrep with-filename no-filename sort-files count count-matches files-with-matches files-without-match json debug no-ignore-messages no-messages stats trace files no-config pcre2-version type-list version hidden no-hidden no-heading no-follow no-text no-column no-crlf no-mmap no-multiline no-multiline-dotall no-pcre2 no-byte-offset no-invert-match no-fixed-strings no-binary no-search-zip no-pre no-auto-hybrid-regex no-block-buffered no-line-buffered no-glob-case-insensitive no-ignore-file-case-insensitive no-one-file-system no-sort-files no-trim no-stats no-include-zero no-max-columns-preview no-require-git no-encoding no-json no-unrestricted',
      ),
      ...kinds(
        'value',
        'regexp file glob iglob type type-not max-count after-context before-context context max-columns threads replace encoding max-depth maxdepth dfa-size-limit engine regex-size-limit ignore-file max-filesize type-add type-clear color colors context-separator field-context-separator field-match-separator hyperlink-format path-separator sort sortr generate',
      ),
    },
    refused: {
      '--pre': unknown('rg --pre runs a program for every file'),
      '--pre-glob': unknown('rg --pre-glob selects files for --pre'),
      '-z': unknown('rg -z runs decompression programs'),
      '--search-zip': unknown('rg -z runs decompression programs'),
      '--hostname-bin': unknown('rg --hostname-bin runs a program'),
    },
  },
};

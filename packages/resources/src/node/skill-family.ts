import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { SkillAddress, SkillLocator, SkillOrigin } from '../address-types.js';
import { ResourceError } from '../errors.js';
import type { FamilyHandler } from '../family-handler.js';
import { formatAddress } from '../format-address.js';
import type { ListingEntry } from '../outcome-types.js';
import { fail, ok } from '../result.js';
import type { DirectoryTree } from './directory-tree.js';
import { type NormalizedNodeOptions, type SkillSourceOption, sha256 } from './node-options.js';
import { prepareTree } from './tree-handler.js';

/** One skill found in a skill source directory. */
export interface DiscoveredSkill {
  readonly origin: SkillOrigin;
  readonly plugin: string | undefined;
  readonly name: string;
  /** Lowercase SHA-256 of the canonical source key (origin, plugin, directory). */
  readonly key: string;
  /** Private backing directory. */
  readonly directory: string;
}

function isDirectory(target: string): boolean {
  return statSync(target, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

/** Lists the skills every source directory holds right now (one subdirectory each). */
export function discoverSkills(sources: readonly SkillSourceOption[]): DiscoveredSkill[] {
  const skills: DiscoveredSkill[] = [];
  for (const source of sources) {
    let names: string[];
    try {
      names = readdirSync(source.directory).sort();
    } catch {
      continue;
    }
    for (const name of names) {
      const directory = path.join(source.directory, name);
      if (name.startsWith('.') || !isDirectory(directory)) continue;
      const origin =
        source.plugin === undefined ? source.origin : `${source.origin}/${source.plugin}`;
      skills.push({
        origin: source.origin,
        plugin: source.plugin,
        name,
        key: sha256(`${origin}\0${directory}`),
        directory,
      });
    }
  }
  return skills;
}

function exactLocator(skill: DiscoveredSkill): SkillLocator {
  return { kind: 'exact', name: skill.name, key: skill.key };
}

function aliasLocator(skill: DiscoveredSkill): SkillLocator {
  return { kind: 'alias', origin: skill.origin, plugin: skill.plugin, name: skill.name };
}

function matches(skill: DiscoveredSkill, locator: SkillLocator): boolean {
  if (locator.kind === 'exact') return skill.key === locator.key && skill.name === locator.name;
  return (
    skill.origin === locator.origin &&
    skill.plugin === locator.plugin &&
    skill.name === locator.name
  );
}

// Exactly one match, or none: a conflicting alias never falls back to another skill.
function findSkill(
  sources: readonly SkillSourceOption[],
  locator: SkillLocator,
): DiscoveredSkill | undefined {
  const found = discoverSkills(sources).filter((skill) => matches(skill, locator));
  return found.length === 1 ? found[0] : undefined;
}

function listing(sources: readonly SkillSourceOption[]): ListingEntry[] {
  const entries: ListingEntry[] = [];
  for (const skill of discoverSkills(sources)) {
    entries.push({
      address: formatAddress({ family: 'skill', locator: aliasLocator(skill), path: [] }),
      kind: 'directory',
    });
    entries.push({
      address: formatAddress({ family: 'skill', locator: exactLocator(skill), path: [] }),
      kind: 'directory',
    });
  }
  return entries;
}

/** `skill://`, `skill://NAME@SHA256[/REL]` and origin aliases resolved to their exact locator. */
export function skillHandler(options: NormalizedNodeOptions): FamilyHandler<SkillAddress> {
  const sources = options.skillSources;
  return (request) => {
    const { address, authored } = request;
    const locator = address.locator;
    if (locator === undefined) {
      return ok({
        scope: 'workspace',
        execute: async (limits) => {
          const entries = listing(sources);
          return ok({
            kind: 'listing',
            address: authored,
            entries: entries.slice(0, limits.listLimit),
            truncated: entries.length > limits.listLimit,
          });
        },
      });
    }
    const unavailable = () =>
      fail(
        new ResourceError('not-found', `${authored} does not name an available skill`, {
          address: authored,
        }),
      );
    const skill = findSkill(sources, locator);
    if (skill === undefined) return ok({ scope: 'workspace', execute: async () => unavailable() });
    const tree: DirectoryTree = {
      root: skill.directory,
      address: formatAddress({ family: 'skill', locator, path: [] }),
      media: true,
    };
    const prepared = prepareTree(
      request,
      { tree, components: address.path },
      'workspace',
      options.prepareCache,
    );
    if (!prepared.success) return prepared;
    return ok({
      target: formatAddress({ family: 'skill', locator: exactLocator(skill), path: address.path }),
      scope: 'workspace',
      execute: async (limits) => {
        // The exact source must still be discoverable; hot reload may change content, not identity.
        const current = findSkill(sources, exactLocator(skill));
        if (current === undefined || current.directory !== skill.directory) return unavailable();
        return prepared.value.execute(limits);
      },
    });
  };
}

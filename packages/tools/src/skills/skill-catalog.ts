import path from 'node:path';
import {
  formatAddress,
  type ResourceResolver,
  type SkillLocator,
  type SkillOrigin,
} from '@toolcall/resources';
import {
  type DiscoveredSkill,
  discoverSkills,
  type SkillSourceOption,
} from '@toolcall/resources/node';
import { splitFrontMatter } from './front-matter.js';
import { readSkillFile } from './read-skill-file.js';
import { type SkillMetadata, validateMetadata } from './skill-metadata.js';

/** Where a skill folder was found, in both address forms. */
export interface SkillLocation {
  /** The folder name (a valid skill's name). */
  readonly folder: string;
  readonly origin: SkillOrigin;
  readonly plugin: string | undefined;
  /** `skill://ORIGIN/NAME` when that alias names this folder alone, else the exact address. */
  readonly address: string;
  /** `skill://NAME@SHA256`: always this folder. */
  readonly exactAddress: string;
  /** Private backing directory: for the host, never for the model. */
  readonly directory: string;
}

/** One valid skill: its metadata and the instructions below the front matter. */
export interface SkillEntry extends SkillLocation {
  readonly name: string;
  readonly description: string;
  readonly metadata: SkillMetadata;
  readonly body: string;
}

/** A skill folder that is not a valid skill: its SKILL.md and the reason. */
export interface SkillProblem extends SkillLocation {
  /** The SKILL.md's address (`…/SKILL.md`). */
  readonly fileAddress: string;
  /** Private backing path of the SKILL.md, for the host. */
  readonly file: string;
  readonly reason: string;
}

/** Every skill the sources hold right now. */
export interface SkillCatalog {
  /** The valid skills that win their name, in source precedence order. */
  readonly skills: readonly SkillEntry[];
  /** Valid skills hidden by an earlier source's skill of the same name (loadable by address). */
  readonly shadowed: readonly SkillEntry[];
  /** Folders that are not valid skills, with the reason. */
  readonly problems: readonly SkillProblem[];
}

/** What `loadSkillCatalog` reads. */
export interface SkillCatalogOptions {
  /** Skill directories in precedence order: the earlier source wins a name. */
  readonly sources: readonly SkillSourceOption[];
  /** The resolver that serves `skill://` over the same sources; every read goes through it. */
  readonly resources: ResourceResolver;
  /** Largest SKILL.md read, in bytes. */
  readonly maxSkillBytes: number;
}

function locationOf(skill: DiscoveredSkill, aliasCount: number): SkillLocation {
  const alias: SkillLocator = {
    kind: 'alias',
    origin: skill.origin,
    plugin: skill.plugin,
    name: skill.name,
  };
  const exact: SkillLocator = { kind: 'exact', name: skill.name, key: skill.key };
  const exactAddress = formatAddress({ family: 'skill', locator: exact, path: [] });
  return {
    folder: skill.name,
    origin: skill.origin,
    plugin: skill.plugin,
    // An alias two folders share resolves to neither, so such a skill goes by its exact address.
    address:
      aliasCount === 1
        ? formatAddress({ family: 'skill', locator: alias, path: [] })
        : exactAddress,
    exactAddress,
    directory: skill.directory,
  };
}

async function loadOne(
  location: SkillLocation,
  options: SkillCatalogOptions,
): Promise<SkillEntry | SkillProblem> {
  const problem = (reason: string): SkillProblem => ({
    ...location,
    fileAddress: `${location.address}/SKILL.md`,
    file: path.join(location.directory, 'SKILL.md'),
    reason,
  });
  const read = await readSkillFile(location.exactAddress, options);
  if ('reason' in read) return problem(read.reason);
  const split = splitFrontMatter(read.text);
  if (!split.success) return problem(split.reason);
  const checked = validateMetadata(split.value.data, location.folder);
  if (!checked.success) return problem(checked.reason);
  const metadata = checked.value;
  return {
    ...location,
    name: metadata.name,
    description: metadata.description,
    metadata,
    body: split.value.body,
  };
}

/**
 * Discovers the skill folders of every source through the resources family, reads and checks
 * each SKILL.md, and sorts them into the skills that win their name, the shadowed ones and the
 * problems; a later call sees the folders as they are then.
 */
export async function loadSkillCatalog(options: SkillCatalogOptions): Promise<SkillCatalog> {
  const discovered = discoverSkills(options.sources);
  const aliases = new Map<string, number>();
  const aliasKey = (skill: DiscoveredSkill) =>
    `${skill.origin}\0${skill.plugin ?? ''}\0${skill.name}`;
  for (const skill of discovered) {
    aliases.set(aliasKey(skill), (aliases.get(aliasKey(skill)) ?? 0) + 1);
  }
  const loaded = await Promise.all(
    discovered.map((skill) =>
      loadOne(locationOf(skill, aliases.get(aliasKey(skill)) ?? 0), options),
    ),
  );
  const skills: SkillEntry[] = [];
  const shadowed: SkillEntry[] = [];
  const problems: SkillProblem[] = [];
  const names = new Set<string>();
  for (const item of loaded) {
    if ('reason' in item) problems.push(item);
    else if (names.has(item.name)) shadowed.push(item);
    else {
      names.add(item.name);
      skills.push(item);
    }
  }
  return { skills, shadowed, problems };
}

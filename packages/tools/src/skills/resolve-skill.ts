import { formatAddress, parseAddress } from '@toolcall/resources';
import type { SkillCatalog, SkillEntry, SkillLocation, SkillProblem } from './skill-catalog.js';

/** The skill a Skill call names and the address its results use, or why none. */
export type ResolvedSkill =
  | { readonly success: true; readonly entry: SkillEntry; readonly address: string }
  | { readonly success: false; readonly message: string };

const RECOVERY = 'Read skill:// lists every skill with its addresses.';

function failure(message: string): ResolvedSkill {
  return { success: false, message };
}

function invalid(requested: string, problem: SkillProblem): ResolvedSkill {
  return failure(`${requested} is not a valid skill: ${problem.reason} (${problem.fileAddress}).`);
}

function byName(catalog: SkillCatalog, name: string): ResolvedSkill {
  const entry = catalog.skills.find((skill) => skill.name === name);
  if (entry !== undefined) return { success: true, entry, address: entry.address };
  const problem = catalog.problems.find((item) => item.folder === name);
  if (problem !== undefined) return invalid(JSON.stringify(name), problem);
  return failure(`No skill is named ${JSON.stringify(name)}. ${RECOVERY}`);
}

/**
 * Finds the skill a Skill call names: a name from the listing (the skill that wins it), or a
 * `skill://ORIGIN/NAME` alias or exact `skill://NAME@SHA256` address, which also reaches a
 * shadowed skill; the address keeps the form the model wrote.
 */
export function resolveSkill(catalog: SkillCatalog, requested: string): ResolvedSkill {
  if (!requested.includes('://')) return byName(catalog, requested);
  const parsed = parseAddress(requested);
  if (!parsed.success) return failure(`${parsed.error.message}.`);
  const address = parsed.value;
  if (address.family !== 'skill' || address.locator === undefined) {
    return failure(
      `Expected a skill name, skill://ORIGIN/NAME or skill://NAME@SHA256, received ${requested}. ${RECOVERY}`,
    );
  }
  if (address.path.length > 0) {
    return failure(
      `${requested} names a file inside a skill: open it with Read, load the skill by its folder.`,
    );
  }
  const locator = address.locator;
  const canonical = formatAddress({ family: 'skill', locator, path: [] });
  const matches = (item: SkillLocation) =>
    locator.kind === 'exact'
      ? item.exactAddress === canonical
      : item.origin === locator.origin &&
        item.plugin === locator.plugin &&
        item.folder === locator.name;
  const entries = [...catalog.skills, ...catalog.shadowed].filter(matches);
  const problems = catalog.problems.filter(matches);
  if (entries.length + problems.length > 1) {
    const exact = [...entries, ...problems].map((item) => item.exactAddress).join(', ');
    return failure(
      `${requested} names more than one skill folder; use one exact address: ${exact}.`,
    );
  }
  if (entries[0] !== undefined) return { success: true, entry: entries[0], address: canonical };
  if (problems[0] !== undefined) return invalid(requested, problems[0]);
  return failure(`${requested} does not name an available skill. ${RECOVERY}`);
}

import type { ResourceResolver } from '@toolcall/resources';
import { loadSkillCatalog, type SkillCatalog } from './skill-catalog.js';
import {
  renderSkillListing,
  type SkillListing,
  type SkillListingOptions,
} from './skill-listing.js';
import type { NormalizedSkillsOptions } from './skill-options.js';
import { createSkillTool } from './skill-tool.js';

/** A tool set's skills: the Skill tool and the catalog and listing it loads from. */
export interface Skills {
  /** The Skill tool; undefined when skills are off. */
  readonly tool: ReturnType<typeof createSkillTool> | undefined;
  /** The catalog as the sources hold it now (empty when skills are off). */
  catalog(): Promise<SkillCatalog>;
  /** The catalog's listing for the model, within its budget. */
  listing(options: SkillListingOptions): Promise<SkillListing>;
}

const EMPTY: SkillCatalog = Object.freeze({ skills: [], shadowed: [], problems: [] });

/**
 * Wires the catalog, the listing and the Skill tool over one resolver and its sources; with
 * skills off (undefined options) the catalog is empty and there is no tool.
 */
export function createSkills(
  options: NormalizedSkillsOptions | undefined,
  resources: ResourceResolver,
): Skills {
  const catalog =
    options === undefined ? async () => EMPTY : () => loadSkillCatalog({ ...options, resources });
  return {
    tool: options === undefined ? undefined : createSkillTool({ catalog, resources }),
    catalog,
    listing: async (listingOptions) => renderSkillListing(await catalog(), listingOptions),
  };
}

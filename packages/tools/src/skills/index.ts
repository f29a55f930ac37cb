export { type FrontMatter, type FrontMatterResult, splitFrontMatter } from './front-matter.js';
export {
  loadSkillCatalog,
  type SkillCatalog,
  type SkillCatalogOptions,
  type SkillEntry,
  type SkillLocation,
  type SkillProblem,
} from './skill-catalog.js';
export {
  renderSkillListing,
  type SkillListing,
  type SkillListingOptions,
} from './skill-listing.js';
export {
  type MetadataResult,
  SKILL_LIMITS,
  type SkillMetadata,
  validateMetadata,
} from './skill-metadata.js';
export type { SkillsOptions } from './skill-options.js';
export { skillRenderer, skillRenderers } from './skill-renderer.js';
export { createSkillTool, type SkillToolOptions } from './skill-tool.js';

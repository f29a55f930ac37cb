export { createNodeFamilyHandlers, createNodeResources } from './create-node-resources.js';
export type { MemoryRootOption, NodeResourcesOptions, SkillSourceOption } from './node-options.js';
export { type DiscoveredSkill, discoverSkills } from './skill-family.js';
export { defaultSkillSources, userConfigDirectory } from './skill-sources.js';

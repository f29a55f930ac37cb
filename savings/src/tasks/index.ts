import { callSites } from './call-sites.js';
import { compareConfigs } from './compare-configs.js';
import { fixTypo } from './fix-typo.js';
import { largestFiles } from './largest-files.js';
import { logErrorSummary } from './log-error-summary.js';
import { pdfInfo } from './pdf-info.js';
import { todosPerPackage } from './todos-per-package.js';
import type { Task } from './types.js';
import { untestedExports } from './untested-exports.js';

/** Every task of the corpus, in the order the report lists them. */
export const ALL_TASKS: readonly Task[] = [
  untestedExports,
  todosPerPackage,
  callSites,
  fixTypo,
  logErrorSummary,
  compareConfigs,
  largestFiles,
  pdfInfo,
];

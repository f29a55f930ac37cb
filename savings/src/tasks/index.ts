import { callSites } from './call-sites.js';
import { compareConfigs } from './compare-configs.js';
import { dependencyMismatch } from './dependency-mismatch.js';
import { fixTypo } from './fix-typo.js';
import { imageSizes } from './image-sizes.js';
import { largestFiles } from './largest-files.js';
import { logErrorSummary } from './log-error-summary.js';
import { missingDocstrings } from './missing-docstrings.js';
import { pdfInfo } from './pdf-info.js';
import { scriptsStrictMode } from './scripts-strict-mode.js';
import { testsPerPackage } from './tests-per-package.js';
import { todosPerPackage } from './todos-per-package.js';
import type { Task } from './types.js';
import { untestedExports } from './untested-exports.js';
import { webCrawl } from './web-crawl.js';
import { webLinks } from './web-links.js';

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
  imageSizes,
  webLinks,
  webCrawl,
  dependencyMismatch,
  missingDocstrings,
  scriptsStrictMode,
  testsPerPackage,
];

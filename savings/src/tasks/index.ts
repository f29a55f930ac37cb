import { brokenDocLinks } from './broken-doc-links.js';
import { callSites } from './call-sites.js';
import { changelogSinceTag } from './changelog-since-tag.js';
import { compareConfigs } from './compare-configs.js';
import { dependencyMismatch } from './dependency-mismatch.js';
import { envVarsMissing } from './env-vars-missing.js';
import { failingPythonTests } from './failing-python-tests.js';
import { fixTypo } from './fix-typo.js';
import { imageSizes } from './image-sizes.js';
import { largestFiles } from './largest-files.js';
import { logErrorSummary } from './log-error-summary.js';
import { missingDocstrings } from './missing-docstrings.js';
import { pdfInfo } from './pdf-info.js';
import { portDuplicates } from './port-duplicates.js';
import { recentChanges } from './recent-changes.js';
import { renameSymbol } from './rename-symbol.js';
import { scriptsStrictMode } from './scripts-strict-mode.js';
import { testsPerPackage } from './tests-per-package.js';
import { todoFunctions } from './todo-functions.js';
import { todosPerPackage } from './todos-per-package.js';
import type { Task } from './types.js';
import { untestedExports } from './untested-exports.js';
import { unusedRequirements } from './unused-requirements.js';
import { webCrawl } from './web-crawl.js';
import { webLinks } from './web-links.js';
import { workspaceImports } from './workspace-imports.js';

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
  recentChanges,
  envVarsMissing,
  renameSymbol,
  brokenDocLinks,
  portDuplicates,
  todoFunctions,
  workspaceImports,
  unusedRequirements,
  failingPythonTests,
  changelogSinceTag,
];

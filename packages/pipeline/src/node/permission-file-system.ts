import * as fs from 'node:fs';
import { type PermissionFileSystem, permissionFileSystemOf } from '../permissions/file-system.js';

/** The policy's view of the Node filesystem, for runtimes without `process.getBuiltinModule`. */
export const nodePermissionFileSystem: PermissionFileSystem = permissionFileSystemOf(fs);

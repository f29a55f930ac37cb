import { killScopeNow, type ProcessScope } from './terminate.js';

/** One launch in progress: `track` records each child it spawns, `finish` ends the launch. */
export interface LaunchTracking {
  track(scope: ProcessScope): void;
  finish(): void;
}

/**
 * The children of launches still in progress. A child exists from the moment its pid does, well
 * before its execution record; process exit must kill it all the same.
 */
export class LaunchingChildren {
  private readonly launches = new Set<ProcessScope[]>();

  /** Registers a launch until `finish` is called. */
  begin(): LaunchTracking {
    const scopes: ProcessScope[] = [];
    this.launches.add(scopes);
    return {
      track: (scope) => scopes.push(scope),
      finish: () => this.launches.delete(scopes),
    };
  }

  /** Stops and kills every child of a launch in progress, synchronously (process exit). */
  killAllNow(): void {
    for (const scopes of this.launches) for (const scope of scopes) killScopeNow(scope);
  }
}

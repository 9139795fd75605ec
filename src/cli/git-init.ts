/**
 * `create` makes the new project a git repository with a first commit, as Nx and Spring
 * Initializr's CLI do: only when git is installed and the target is not already inside a
 * work tree (a monorepo keeps its own history). Never fakes an identity: without
 * user.name/user.email the repository is initialised and the commit left to the user.
 */
import { spawnSync } from 'node:child_process';

export type GitInitOutcome = 'committed' | 'initialised' | 'inside-repository' | 'no-git' | 'failed';

function git(args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  return spawnSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export function gitInit(dir: string, env: NodeJS.ProcessEnv, message: string): GitInitOutcome {
  const probe = git(['rev-parse', '--is-inside-work-tree'], dir, env);
  if (probe.error) return 'no-git';
  if (probe.status === 0 && probe.stdout.trim() === 'true') return 'inside-repository';
  if (git(['init', '-q'], dir, env).status !== 0) return 'failed';
  // Every file straight into one pack (bulk check-in) instead of a loose object and a directory
  // each: on slow file systems the directories are most of `git add`'s time. No automatic
  // maintenance after the first commit: there is nothing to maintain yet.
  if (git(['-c', 'core.bigFileThreshold=1', 'add', '-A'], dir, env).status !== 0) return 'failed';
  const commit = git(['-c', 'maintenance.auto=false', 'commit', '-q', '--no-gpg-sign', '-m', message], dir, env);
  return commit.status === 0 ? 'committed' : 'initialised';
}

// A plain `npm install` at the root would install only the root devDependencies
// and "succeed"; refuse it so the workspace is always installed by pnpm.
const agent = process.env.npm_config_user_agent ?? '';
if (!agent.startsWith('pnpm/')) {
  process.stderr.write(
    'This workspace is installed with pnpm. Run `npm run setup` (it bootstraps pnpm through corepack).\n',
  );
  process.exit(1);
}

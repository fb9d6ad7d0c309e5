// Entry of `npm run secrets` (scripts/secrets.mjs): `node api/dist/secrets/cli.js <command>`, also
// in the API's image. The commands: ./secretsCommand.ts.
import { runSecretsCommand } from './secretsCommand';

runSecretsCommand(process.argv.slice(2), process.env, (line) => console.log(line)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      `secrets: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exit(1);
  },
);

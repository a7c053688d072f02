/** `--name value` or `--name=value` from the command line, else the fallback. */
export function argValue(name: string, fallback: string): string {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    if (args[i] === `--${name}`) return args[i + 1] ?? fallback;
    if (args[i].startsWith(`--${name}=`)) return args[i].slice(name.length + 3);
  }
  return fallback;
}

export function hasFlag(name: string): boolean {
  return process.argv.slice(2).includes(`--${name}`);
}

/** Runs a bench's main: an error is printed and the process exits 1 (bench:all reports it by name). */
export function runBench(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}

// Typed errors of the editing use-cases.
export class EditingError extends Error {}

/** The injected id generator keeps producing ids already in use: a server bug, not bad input. */
export class ChartIdGeneratorError extends EditingError {
  constructor(attempts: number) {
    super(`newId produced ${attempts} chart ids already in use; it is not generating unique ids.`);
  }
}

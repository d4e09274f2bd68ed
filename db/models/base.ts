// objection maps result columns to camelCase; query identifiers stay snake_case.
import { Model, snakeCaseMappers } from 'objection';

/** Base model: snake_case columns in the database, camelCase in code. */
export class BaseModel extends Model {
  static override get columnNameMappers() {
    return snakeCaseMappers();
  }
}

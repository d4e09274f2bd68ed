// Moved to services/mail (the worker's deadline alerts send mail too); the api's callers keep this path.
export * from '../../services/mail/transport';

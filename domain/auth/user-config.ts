/** What a user's own settings answer (/users/config, api/auth/routes.ts): each value as stored, JSON text or a plain string. */
import { z } from 'zod';

/** One setting; a key never set answers a null value (THEME_COLOR answers `{ color }`, spec 3 §7). */
export const UserConfigEntry = z.object({ key: z.string(), value: z.unknown() });
/** Every setting the user has. */
export const UserConfigList = z.object({ data: z.array(UserConfigEntry) });
/** The setting just saved, its value as stored (an object or array as its JSON text). */
export const UserConfigSaved = z.object({ key: z.string(), value: z.string() });

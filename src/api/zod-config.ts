import { z } from 'zod/mini';
import { en } from 'zod/locales';

/**
 * zod/mini carries no error messages of its own (every issue would read "Invalid input"). The app
 * shows validation problems to the user ("data[3].id: expected int, received number", see
 * describeIssues), so the English messages are switched on once, by the modules that validate.
 */
z.config(en());

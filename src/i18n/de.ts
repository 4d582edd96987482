/**
 * The German words and the lookup that finds a message among them by its id. Both come in one file
 * that only a page showing German fetches: an English page needs neither.
 */
import { runtimeMsg } from '@lit/localize/internal/runtime-msg.js';
import { templates } from '../generated/locales/de.js';
import type { Lookup } from './msg.js';

export const translate: Lookup = (template, options) => runtimeMsg(templates, template, options);

/**
 * LEEME.txt, the first file of a data export (decision 037): in Spanish, what each file of the ZIP
 * holds, so that the person (or whoever they hand it to) can read it without us.
 */
import { chileDateTime } from '../activity/security-notice.ts';
import { greeting } from '../../lib/mail/html.ts';

/**
 * `name`: the account's, only when its address is verified (lib/mail/html.ts `greeting`); `files`:
 * each feature's paragraphs about its files (lib/personal-data.ts), in the order of the features
 */
export function readmeText({ name, at, files }: { name: string | null; at: Date; files: string[] }): string {
  return `COPIA DE TUS DATOS EN ESCUDO
============================

${greeting(name).text}

Esta es una copia de todo lo que Escudo guarda sobre ti, preparada el ${chileDateTime(at)} (hora de Chile).
Los archivos .json se pueden abrir con cualquier editor de texto o importar en otro servicio.
Las fechas dentro de los archivos .json están en formato ISO 8601, en hora UTC
(por ejemplo 2026-03-01T14:30:00.000Z). Los montos están en pesos chilenos (CLP).

Por tu seguridad, esta copia NO incluye tu contraseña (ni su huella), los códigos de tus
sesiones, de tus teléfonos o de tus invitaciones, ni el PIN de un bloqueo.

ARCHIVOS
--------

LEEME.txt
    Este archivo.

${files.filter((paragraph) => paragraph !== '').join('\n\n')}
`;
}

/**
 * The atenciones the central opened for the account (lib/personal-data.ts): atenciones.json with its
 * notes, videos (with their SHA-256) and shared links, the videos themselves; an open atención holds
 * the account's deletion back until the central closes it; the videos leave the store with it.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { definePersonalData, iso } from '../../lib/personal-data.ts';
import { users } from '../accounts/accounts.schema.ts';
import { atencionEvidence, atencionNotes, atencionShareLinks, atenciones } from './atenciones.schema.ts';

const extensionOf = (key: string) => key.split('.').pop() ?? 'bin';

export const atencionesData = definePersonalData({
  tables: [atenciones, atencionNotes, atencionEvidence, atencionShareLinks],
  export: {
    readme: `atenciones.json
    Las atenciones que la central abrió para ti: operador, inicio y fin, notas, videos (con su
    huella SHA-256, para comprobar que no fueron alterados) y los enlaces de evidencia compartidos.

atenciones/videos/
    Los videos de evidencia de esas atenciones.`,
    async write(ctx, out) {
      const cases = await ctx.db
        .select({ atencion: atenciones, operator: users.name })
        .from(atenciones)
        .innerJoin(users, eq(users.id, atenciones.operatorId))
        .where(eq(atenciones.userId, out.userId))
        .orderBy(asc(atenciones.id));
      const caseIds = cases.map(({ atencion }) => atencion.id);
      const [notes, videos, shares] = caseIds.length
        ? await Promise.all([
            ctx.db
              .select({ note: atencionNotes, by: users.name })
              .from(atencionNotes)
              .innerJoin(users, eq(users.id, atencionNotes.createdBy))
              .where(inArray(atencionNotes.atencionId, caseIds))
              .orderBy(asc(atencionNotes.id)),
            ctx.db
              .select()
              .from(atencionEvidence)
              .where(inArray(atencionEvidence.atencionId, caseIds))
              .orderBy(asc(atencionEvidence.id)),
            ctx.db
              .select()
              .from(atencionShareLinks)
              .where(inArray(atencionShareLinks.atencionId, caseIds))
              .orderBy(asc(atencionShareLinks.id)),
          ])
        : [[], [], []];
      const videoFiles = new Map<number, string | null>();
      for (const video of videos) {
        const file = `atenciones/videos/atencion-${video.atencionId}-video-${video.id}.${extensionOf(video.storageKey)}`;
        videoFiles.set(video.id, (await out.storedFile(video.storageKey, file)) ? file : null);
      }
      out.json('atenciones.json').atenciones = cases.map(({ atencion, operator }) => ({
        id: atencion.id,
        operador: operator,
        inicio: iso(atencion.startedAt),
        fin: iso(atencion.endedAt),
        notas: notes
          .filter(({ note }) => note.atencionId === atencion.id)
          .map(({ note, by }) => ({
            titulo: note.title,
            descripcion: note.description,
            por: by,
            fecha: iso(note.createdAt),
          })),
        videos: videos
          .filter((video) => video.atencionId === atencion.id)
          .map((video) => ({
            archivo: videoFiles.get(video.id) ?? null,
            tipo: video.contentType,
            bytes: video.sizeBytes,
            sha256: video.sha256,
            subido: iso(video.createdAt),
          })),
        enlaces_compartidos: shares
          .filter((share) => share.atencionId === atencion.id)
          .map((share) => ({
            creado: iso(share.createdAt),
            vence: iso(share.expiresAt),
            revocado: iso(share.revokedAt),
          })),
      }));
    },
  },
  deletion: {
    holdsBack: (userId) =>
      sql`exists (select 1 from ${atenciones} where ${atenciones.userId} = ${userId} and ${atenciones.endedAt} is null)`,
    async files(tx, account) {
      const videos = await tx
        .select({ key: atencionEvidence.storageKey })
        .from(atencionEvidence)
        .innerJoin(atenciones, eq(atenciones.id, atencionEvidence.atencionId))
        .where(eq(atenciones.userId, account.userId));
      return videos.map((video) => video.key);
    },
  },
});

/** Chile's geography: countries, regions, communes, and the realtime zones (cuadrantes) regions belong to. */
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const paises = pgTable('paises', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
});

/** Regional zones; each serves its regions' realtime traffic (spec: user.info.cuadrante). */
export const cuadrantes = pgTable('cuadrantes', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  /** null = this server's own realtime endpoint; set to point a zone at another cluster */
  primaryFdbUrl: text('primary_fdb_url'),
  trackingFdbUrl: text('tracking_fdb_url'),
});

/** Chile's regions: id is the official region code (1..16). */
export const regiones = pgTable('regiones', {
  id: integer('id').primaryKey(),
  paisId: integer('pais_id')
    .notNull()
    .references(() => paises.id),
  region: text('region').notNull(),
  ordinal: text('ordinal').notNull(),
  /** north-to-south order */
  position: integer('position').notNull(),
  cuadranteId: integer('cuadrante_id').references(() => cuadrantes.id),
});

/** Communes: id is the official CUT code. */
export const comunas = pgTable(
  'comunas',
  {
    id: integer('id').primaryKey(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regiones.id),
    comuna: text('comuna').notNull(),
  },
  (t) => [index('comunas_region_idx').on(t.regionId)],
);

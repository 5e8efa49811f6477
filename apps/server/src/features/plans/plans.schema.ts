/** The plan catalogue: plans, what a plan may include, and which plan includes what. */
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

export const planes = pgTable('planes', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  image: text('image'),
  maxRed: integer('max_red').notNull(),
  maxDevices: integer('max_devices').notNull(),
  /** monthly price in CLP (whole pesos) */
  price: integer('price').notNull(),
  position: integer('position').notNull(),
});

export const planIncludes = pgTable('plan_includes', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const planFeatures = pgTable(
  'plan_features',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => planes.id),
    includeId: integer('include_id')
      .notNull()
      .references(() => planIncludes.id),
  },
  (t) => [primaryKey({ columns: [t.planId, t.includeId] })],
);

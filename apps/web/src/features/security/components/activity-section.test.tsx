import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACTIVITY_KINDS, type ActivityEntry } from '@escudo/contract';
import { describe, expect, it } from 'vitest';
import { componentsTexts } from '../../../components/texts.ts';
import { answer, calls } from '../../../testing/fake-network.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { securityTexts as t } from '../texts.ts';
import { ActivitySection } from './activity-section.tsx';

// 'Seguridad y privacidad' → 'Actividad de la cuenta' (decision 036): the log as the server pages
// it (newest first), 15 a page, each entry with what, on what, when (Chile time) and from where.

/** the entries of a log of 17, newest first, as the server answers page 1 (15) and page 2 (2) */
const entry = (index: number): ActivityEntry => ({
  at: new Date(Date.UTC(2026, 10, 25, 18, 40 - index)).toISOString(),
  kind: 'sign_in',
  address: `190.45.10.${index}`,
  browser: 'Chrome en Windows',
  detail: null,
});
const log = Array.from({ length: 17 }, (_, index) => entry(index));

describe('ActivitySection', () => {
  it('asks 15 a page and shows them in the order given, with the pages below', async () => {
    answer('accountActivity', (body) => {
      const { page } = body as { limit: number; page: number };
      return { activity: log.slice((page - 1) * 15, page * 15), total: log.length };
    });
    const person = userEvent.setup();
    renderScreen(<ActivitySection />);
    const list = await screen.findByRole('list', { name: t.activityTitle });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(15);
    // 18:40 UTC is 15:40 in Chile (summer time, UTC-3)
    expect(rows[0]).toHaveTextContent(
      `${t.activityKinds.sign_in}25-11-2026 15:40 · Chrome en Windows · 190.45.10.0`,
    );
    expect(calls.find((call) => call.name === 'accountActivity')?.body).toEqual({ limit: 15, page: 1 });

    await person.click(screen.getByRole('button', { name: componentsTexts.pageButtons.next }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('190.45.10.15');
    expect(calls.filter((call) => call.name === 'accountActivity').at(-1)?.body).toEqual({
      limit: 15,
      page: 2,
    });
  });

  it('names an order with its phone and an operator’s look with the operator, without pages for a short log', async () => {
    answer('accountActivity', {
      activity: [
        { ...entry(0), kind: 'wipe_ordered', detail: 'Teléfono de Camila' },
        { ...entry(1), kind: 'operator_viewed', detail: 'Javiera Central', address: null, browser: null },
      ],
      total: 2,
    });
    renderScreen(<ActivitySection />);
    const list = await screen.findByRole('list', { name: t.activityTitle });
    const [order, look] = within(list).getAllByRole('listitem');
    expect(order).toHaveTextContent(`${t.activityKinds.wipe_ordered}: Teléfono de Camila`);
    expect(look).toHaveTextContent(`${t.activityKinds.operator_viewed}: Javiera Central`);
    expect(look).toHaveTextContent(t.activityUnknownOrigin);
    expect(screen.queryByRole('button', { name: componentsTexts.pageButtons.next })).toBeNull();
  });

  it('tells the central’s three looks apart, each with the operator’s name', async () => {
    const central = { address: null, browser: null, detail: 'Javiera Central' };
    answer('accountActivity', {
      activity: [
        { ...entry(0), ...central, kind: 'operator_viewed' },
        { ...entry(1), ...central, kind: 'operator_listed' },
        { ...entry(2), ...central, kind: 'operator_opened' },
      ],
      total: 3,
    });
    renderScreen(<ActivitySection />);
    const list = await screen.findByRole('list', { name: t.activityTitle });
    const [viewed, listed, opened] = within(list).getAllByRole('listitem');
    // what the row says first, before its date and origin
    expect(viewed).toHaveTextContent(/^La central revisó una de tus atenciones: Javiera Central25-11-2026/);
    expect(listed).toHaveTextContent(
      /^La central te vio en su lista de atenciones: Javiera Central25-11-2026/,
    );
    expect(opened).toHaveTextContent(/^La central abrió una atención para ti: Javiera Central25-11-2026/);
    for (const row of [viewed, listed, opened]) expect(row).toHaveTextContent(t.activityUnknownOrigin);
  });

  it('names every kind of entry in Spanish, each with a text of its own', () => {
    const texts = ACTIVITY_KINDS.map((kind) => t.activityKinds[kind]);
    expect(texts.every((text) => typeof text === 'string' && text.length > 0)).toBe(true);
    expect(new Set(texts).size).toBe(ACTIVITY_KINDS.length);
  });
});

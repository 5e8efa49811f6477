import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('geography', () => {
  it('serves Chile with its 16 regions, north to south, and 346 communes with official codes', async () => {
    const { paises } = (await app.post('/api/auth/getPaisesActivos')).json();
    expect(paises).toEqual([{ id: 1, name: 'Chile' }]);
    const { regiones } = (await app.post('/api/auth/getRegionesActivas', { pais_id: 1 })).json();
    expect(regiones).toHaveLength(16);
    expect(regiones[0]).toEqual({ id: 15, region: 'Arica y Parinacota' });
    expect(regiones.at(-1)).toEqual({ id: 12, region: 'Magallanes y de la Antártica Chilena' });
    let total = 0;
    for (const region of regiones) {
      const { comunas } = (await app.post('/api/auth/getComunasActivas', { region_id: region.id })).json();
      for (const comuna of comunas) expect(Math.floor(comuna.id / 1000)).toBe(region.id);
      total += comunas.length;
    }
    expect(total).toBe(346);
    const { comunas: santiago } = (await app.post('/api/auth/getComunasActivas', { region_id: '13' })).json();
    expect(santiago).toHaveLength(52);
    expect(santiago).toContainEqual({ id: 13101, comuna: 'Santiago' });
    expect(santiago).toContainEqual({ id: 13120, comuna: 'Ñuñoa' });
  });

  it('answers an empty list for a region that does not exist, and 400 for a malformed id', async () => {
    expect((await app.post('/api/auth/getComunasActivas', { region_id: 99 })).json()).toEqual({
      comunas: [],
    });
    const bad = await app.post('/api/auth/getComunasActivas', { region_id: 'trece' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
  });
});

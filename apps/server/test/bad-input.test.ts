import { expect, it } from 'vitest';
import { describeEachDatabase, USERS } from './helpers';

describeEachDatabase('bad input', (get) => {
  const login = (payload: string, headers: Record<string, string> = {}) =>
    get().call('POST', '/api/token/', { as: null, payload, headers: { 'content-type': 'application/json', ...headers } });

  it('answers 400 for malformed JSON', async () => {
    const res = await login('{"email": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ non_field_errors: ['El cuerpo de la petición no es JSON válido.'] });
  });

  it('names each missing field, in the request language', async () => {
    const res = await login('{}', { 'accept-language': 'it' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ email: ['Questo campo è obbligatorio.'], password: ['Questo campo è obbligatorio.'] });
  });

  it('refuses wrong types and unknown fields', async () => {
    const res = await login(JSON.stringify({ email: 42, password: 'x', admin: true }), { 'accept-language': 'en' });
    expect(res.status).toBe(400);
    const body = res.body;
    expect(body.email[0]).toMatch(/Expected a value of type string/);
    expect(body.admin).toEqual(['Field not allowed.']);
  });

  it('refuses a malformed email', async () => {
    const res = await login(JSON.stringify({ email: 'not-an-email', password: 'x' }));
    expect(res.body).toEqual({ email: ['Introduzca una dirección de correo válida.'] });
  });

  it('refuses very long strings with a length message', async () => {
    const res = await login(JSON.stringify({ email: USERS.admin, password: 'x'.repeat(10_000) }), { 'accept-language': 'en' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ password: ['Ensure this field has no more than 128 characters.'] });
  });

  it('answers 413 for an oversized body', async () => {
    const res = await login(JSON.stringify({ email: USERS.admin, password: 'y'.repeat(2 * 1024 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: 'La petición es demasiado grande.', code: 'too_large' });
  });

  it('answers 415 for a content type it does not read', async () => {
    const res = await get().app.inject({ method: 'POST', url: '/api/token/', payload: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toMatch(/application\/xml/);
    expect(res.json().code).toBe('unsupported_media_type');
  });

  it('answers 400 for a text body where an object is expected', async () => {
    const res = await get().app.inject({ method: 'POST', url: '/api/token/', payload: 'email=a', headers: { 'content-type': 'text/plain' } });
    expect(res.statusCode).toBe(400);
  });

  it('answers 400 for a non-numeric id and 404 for an unknown route', async () => {
    const headers = await get().as(USERS.admin);
    const badId = await get().app.inject({ method: 'GET', url: '/api/plants/abc/', headers });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toHaveProperty('id');
    const unknown = await get().app.inject({ method: 'GET', url: '/api/nothing-here/', headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toHaveProperty('detail');
  });

  it('refuses a page_size above 1000', async () => {
    const res = await get().app.inject({ method: 'GET', url: '/api/client-users/?page_size=5000', headers: await get().as(USERS.admin) });
    expect(res.statusCode).toBe(400);
    expect(res.json().page_size[0]).toMatch(/1000/);
  });

  it('writes nothing when a user creation is refused', async () => {
    const headers = await get().as(USERS.admin);
    const before = await get().db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await get().app.inject({
      method: 'POST',
      url: '/api/client-users/',
      headers,
      payload: { email: 'nuevo@heliotrack.demo', name: 'Nuevo', password: 'clave-segura-1', roles: ['TC'], plants: [999_999] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ plants: ['La planta 999999 no existe.'] });
    const after = await get().db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

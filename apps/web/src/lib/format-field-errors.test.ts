import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, formatFieldErrors } from './format-field-errors';

describe('400 message formatting', () => {
  it('prefixes each message with its field key and joins them with commas', () => {
    expect(
      formatFieldErrors({
        email: ['Introduzca una dirección de correo válida.'],
        password: ['Este campo es obligatorio.', 'Asegúrese de que este campo tiene al menos 8 caracteres.'],
      }),
    ).toBe(
      'email: Introduzca una dirección de correo válida., password: Este campo es obligatorio., password: Asegúrese de que este campo tiene al menos 8 caracteres.',
    );
  });

  it('shows general messages (non_field_errors, detail) without a prefix', () => {
    expect(formatFieldErrors({ non_field_errors: ['Las contraseñas no coinciden.'] })).toBe(
      'Las contraseñas no coinciden.',
    );
    expect(formatFieldErrors({ detail: 'Petición incorrecta.' })).toBe('Petición incorrecta.');
  });

  it('names nested fields with dots and accepts plain strings and lists', () => {
    expect(formatFieldErrors({ roles: { 0: ['El rol XX no existe.'] } })).toBe(
      'roles.0: El rol XX no existe.',
    );
    expect(formatFieldErrors('Texto plano')).toBe('Texto plano');
    expect(formatFieldErrors(['uno', 'dos'])).toBe('uno, dos');
    expect(formatFieldErrors(null)).toBe('');
  });

  it('gives forms one line per field and the general messages apart', () => {
    expect(
      fieldErrorsOf({
        email: ['Ya existe un usuario con este correo.'],
        'roles.1': ['El rol XX no existe.'],
        non_field_errors: ['Revise los datos.'],
      }),
    ).toEqual({
      email: 'Ya existe un usuario con este correo.',
      roles: 'El rol XX no existe.',
      _general: 'Revise los datos.',
    });
  });
});

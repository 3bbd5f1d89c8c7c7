import { afterEach, describe, expect, it } from 'vitest';
import { ppiElementsKey, readPpiSelection, writePpiSelection } from './ppi-selection';

describe('the stored PPI selection', () => {
  afterEach(() => localStorage.clear());

  it('keeps one selection per plan, read back after a reload', () => {
    writePpiSelection(7, { scope: 'filters', ids: [3, 1, 2], allMatching: false });
    writePpiSelection(8, { scope: 'map', ids: [9], allMatching: false });
    expect(readPpiSelection(7)).toEqual({ scope: 'filters', ids: [3, 1, 2], allMatching: false });
    expect(readPpiSelection(8)?.ids).toEqual([9]);
    expect(localStorage.getItem(ppiElementsKey(7, 'selected'))).not.toBeNull();
  });

  it('forgets an empty selection and ignores what is not one', () => {
    writePpiSelection(7, { scope: 'x', ids: [], allMatching: false });
    expect(localStorage.getItem(ppiElementsKey(7, 'selected'))).toBeNull();
    localStorage.setItem(ppiElementsKey(7, 'selected'), '{"scope":1}');
    expect(readPpiSelection(7)).toBeNull();
  });
});

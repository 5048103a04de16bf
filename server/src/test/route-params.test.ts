import { describe, expect, it } from 'vitest';
import { fillUrl, paramsOf, resourceOf } from './route-params';

describe('route parameters', () => {
  it('lists the parameters, their resources and every filled URL', () => {
    const url = '/api/v3/companies/:id/user_profiles/:user_id';
    expect(paramsOf(url)).toEqual(['id', 'user_id']);
    expect(resourceOf(url, 'id')).toBe('companies');
    expect(resourceOf(url, 'user_id')).toBe('user_profiles');
    expect(fillUrl(url, (p) => (p === 'id' ? ['1', '2'] : ['7']))).toEqual([
      '/api/v3/companies/1/user_profiles/7',
      '/api/v3/companies/2/user_profiles/7',
    ]);
    expect(fillUrl(url, () => [])).toEqual([]);
    expect(fillUrl('/api/v3/airlines', () => [])).toEqual(['/api/v3/airlines']);
  });
});

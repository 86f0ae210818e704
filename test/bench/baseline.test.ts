// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { missingPackages } from './lib/baseline.mjs';

describe('missingPackages', () => {
  const installed = {
    packages: {
      '': { version: '0.1.0' },
      'node_modules/preact': { version: '10.29.8' },
      'node_modules/vite': { version: '8.3.8' },
      'node_modules/lighthouse': { version: '12.2.3' },
    },
  };

  it('finds nothing missing when every package the baseline locks is installed at its version (extra ones do not matter)', () => {
    const wanted = {
      packages: { '': { version: '0.0.9' }, 'node_modules/preact': { version: '10.29.8' }, 'node_modules/vite': { version: '8.3.8' } },
    };
    expect(missingPackages(wanted, installed)).toEqual([]);
  });

  it('does not count an optional package that npm left out here (another platform’s binary), unless installed at another version', () => {
    const wanted = {
      packages: {
        'node_modules/fsevents': { version: '2.3.3', optional: true },
        'node_modules/lighthouse': { version: '12.2.0', optional: true },
      },
    };
    expect(missingPackages(wanted, installed)).toEqual(['node_modules/lighthouse: 12.2.0 wanted, 12.2.3 installed']);
  });

  it('names a package locked at another version, and one not installed at all', () => {
    const wanted = { packages: { 'node_modules/vite': { version: '8.2.0' }, 'node_modules/htm': { version: '3.1.1' } } };
    expect(missingPackages(wanted, installed)).toEqual([
      'node_modules/vite: 8.2.0 wanted, 8.3.8 installed',
      'node_modules/htm: 3.1.1 wanted, none installed',
    ]);
  });
});

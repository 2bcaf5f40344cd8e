import { describe, expect, it } from 'vitest';
import { compareAz, textComparer } from './alphabet.js';
import { REGIONS } from './regions.js';

/** The alphabet's tricky letters, as an Azerbaijani dictionary orders them. */
const AZ_ORDER = [
  'Ceviz',
  'Çay',
  'Ev',
  'Əl',
  'Gül',
  'Ğəzəl',
  'Hədiyyə',
  'Xalça',
  'ılıq',
  'Ip',
  'İp',
  'ipək',
  'Kasa',
  'Qab',
  'Otaq',
  'Ördək',
  'Saat',
  'Şal',
  'Uşaq',
  'Üzük',
  'Vaz',
  'Yol',
  'Zəng',
];

const shuffled = (list: readonly string[]) => list.map((_, i) => list[(i * 7) % list.length] as string);

describe('Azerbaijani alphabetical order in the browser', () => {
  it('A B C Ç D E Ə F G Ğ H X I İ J K Q L M N O Ö P R S Ş T U Ü V Y Z', () => {
    expect(shuffled(AZ_ORDER).sort(compareAz)).toEqual(AZ_ORDER);
    expect(shuffled(AZ_ORDER).sort(textComparer('az'))).toEqual(AZ_ORDER);
  });

  it('is the order of ICU’s Azerbaijani collation, where the runtime has it (Node does; the database’s az_icu)', () => {
    const icu = new Intl.Collator('az');
    // Debian's Chromium has no Azerbaijani data and answers with English; Node's full ICU has it.
    expect(icu.resolvedOptions().locale).toBe('az');
    const names = [...AZ_ORDER, ...REGIONS.map((r) => r.names.az), 'Wifi', 'Éclair', 'e', 'E', '10 gün', 'a-b', 'ab'];
    expect([...names].sort(compareAz)).toEqual([...names].sort(icu.compare));
  });

  it('lists the delivery regions as an Azerbaijani reader looks for them', () => {
    const sorted = REGIONS.map((r) => r.names.az).sort(textComparer('az'));
    const at = (name: string) => sorted.indexOf(name);
    // Ağ… among the As, G before Ö-less Gö, Ş after S, X (Xankəndi) between H and İ.
    expect(at('Astara')).toBeGreaterThan(at('Ağstafa'));
    expect(at('Goranboy')).toBeLessThan(at('Göyçay'));
    expect(at('Saatlı')).toBeLessThan(at('Şabran'));
    expect(at('Hacıqabul')).toBeLessThan(at('Xankəndi'));
    expect(at('Xankəndi')).toBeLessThan(at('İmişli'));
    expect(at('İsmayıllı')).toBeLessThan(at('Kürdəmir'));
  });

  it('other languages keep their own order', () => {
    expect(['Шеки', 'Баку', 'Евлах'].sort(textComparer('ru'))).toEqual(['Баку', 'Евлах', 'Шеки']);
    expect(['Shaki', 'Baku', 'Yevlakh'].sort(textComparer('en'))).toEqual(['Baku', 'Shaki', 'Yevlakh']);
  });

  it('I is the capital of ı and İ of i, whatever the case', () => {
    expect(['ipək', 'İlkin', 'Ilıq', 'ılıq', 'Işıq'].sort(compareAz)).toEqual([
      'ılıq',
      'Ilıq',
      'Işıq',
      'İlkin',
      'ipək',
    ]);
  });
});

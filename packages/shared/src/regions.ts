import type { Language } from './messages.js';

/**
 * Delivery regions of Azerbaijan (SPEC §3 Address): the cities of republican significance and
 * the districts, Nakhchivan's included. The code is stable and stored; names are shown.
 */
const LIST: readonly [code: string, az: string, en: string, ru: string][] = [
  ['baku', 'Bakı', 'Baku', 'Баку'],
  ['ganja', 'Gəncə', 'Ganja', 'Гянджа'],
  ['sumgait', 'Sumqayıt', 'Sumgait', 'Сумгаит'],
  ['mingachevir', 'Mingəçevir', 'Mingachevir', 'Мингечевир'],
  ['shirvan', 'Şirvan', 'Shirvan', 'Ширван'],
  ['nakhchivan', 'Naxçıvan', 'Nakhchivan', 'Нахчыван'],
  ['lankaran', 'Lənkəran', 'Lankaran', 'Ленкорань'],
  ['shaki', 'Şəki', 'Shaki', 'Шеки'],
  ['yevlakh', 'Yevlax', 'Yevlakh', 'Евлах'],
  ['naftalan', 'Naftalan', 'Naftalan', 'Нафталан'],
  ['khankendi', 'Xankəndi', 'Khankendi', 'Ханкенди'],
  ['absheron', 'Abşeron', 'Absheron', 'Абшерон'],
  ['aghjabadi', 'Ağcabədi', 'Aghjabadi', 'Агджабеди'],
  ['aghdam', 'Ağdam', 'Aghdam', 'Агдам'],
  ['aghdash', 'Ağdaş', 'Aghdash', 'Агдаш'],
  ['aghstafa', 'Ağstafa', 'Aghstafa', 'Агстафа'],
  ['aghsu', 'Ağsu', 'Aghsu', 'Агсу'],
  ['astara', 'Astara', 'Astara', 'Астара'],
  ['babek', 'Babək', 'Babek', 'Бабек'],
  ['balakan', 'Balakən', 'Balakan', 'Балакен'],
  ['barda', 'Bərdə', 'Barda', 'Барда'],
  ['beylagan', 'Beyləqan', 'Beylagan', 'Бейлаган'],
  ['bilasuvar', 'Biləsuvar', 'Bilasuvar', 'Билясувар'],
  ['jabrayil', 'Cəbrayıl', 'Jabrayil', 'Джебраил'],
  ['jalilabad', 'Cəlilabad', 'Jalilabad', 'Джалилабад'],
  ['julfa', 'Culfa', 'Julfa', 'Джульфа'],
  ['dashkasan', 'Daşkəsən', 'Dashkasan', 'Дашкесан'],
  ['fuzuli', 'Füzuli', 'Fuzuli', 'Физули'],
  ['gadabay', 'Gədəbəy', 'Gadabay', 'Гедабек'],
  ['goranboy', 'Goranboy', 'Goranboy', 'Геранбой'],
  ['goychay', 'Göyçay', 'Goychay', 'Геокчай'],
  ['goygol', 'Göygöl', 'Goygol', 'Гёйгёль'],
  ['hajigabul', 'Hacıqabul', 'Hajigabul', 'Гаджигабул'],
  ['imishli', 'İmişli', 'Imishli', 'Имишли'],
  ['ismayilli', 'İsmayıllı', 'Ismayilli', 'Исмаиллы'],
  ['kalbajar', 'Kəlbəcər', 'Kalbajar', 'Кельбаджар'],
  ['kangarli', 'Kəngərli', 'Kangarli', 'Кенгерли'],
  ['kurdamir', 'Kürdəmir', 'Kurdamir', 'Кюрдамир'],
  ['lachin', 'Laçın', 'Lachin', 'Лачин'],
  ['lankaran-district', 'Lənkəran rayonu', 'Lankaran District', 'Ленкоранский район'],
  ['lerik', 'Lerik', 'Lerik', 'Лерик'],
  ['masalli', 'Masallı', 'Masalli', 'Масаллы'],
  ['neftchala', 'Neftçala', 'Neftchala', 'Нефтечала'],
  ['oghuz', 'Oğuz', 'Oghuz', 'Огуз'],
  ['ordubad', 'Ordubad', 'Ordubad', 'Ордубад'],
  ['gabala', 'Qəbələ', 'Gabala', 'Габала'],
  ['gakh', 'Qax', 'Gakh', 'Гах'],
  ['gazakh', 'Qazax', 'Gazakh', 'Газах'],
  ['gobustan', 'Qobustan', 'Gobustan', 'Гобустан'],
  ['guba', 'Quba', 'Guba', 'Губа'],
  ['gubadli', 'Qubadlı', 'Gubadli', 'Губадлы'],
  ['gusar', 'Qusar', 'Gusar', 'Гусар'],
  ['saatli', 'Saatlı', 'Saatli', 'Саатлы'],
  ['sabirabad', 'Sabirabad', 'Sabirabad', 'Сабирабад'],
  ['sadarak', 'Sədərək', 'Sadarak', 'Садарак'],
  ['salyan', 'Salyan', 'Salyan', 'Сальян'],
  ['samukh', 'Samux', 'Samukh', 'Самух'],
  ['shabran', 'Şabran', 'Shabran', 'Шабран'],
  ['shahbuz', 'Şahbuz', 'Shahbuz', 'Шахбуз'],
  ['shaki-district', 'Şəki rayonu', 'Shaki District', 'Шекинский район'],
  ['shamakhi', 'Şamaxı', 'Shamakhi', 'Шемаха'],
  ['shamkir', 'Şəmkir', 'Shamkir', 'Шамкир'],
  ['sharur', 'Şərur', 'Sharur', 'Шарур'],
  ['shusha', 'Şuşa', 'Shusha', 'Шуша'],
  ['siyazan', 'Siyəzən', 'Siyazan', 'Сиазань'],
  ['tartar', 'Tərtər', 'Tartar', 'Тертер'],
  ['tovuz', 'Tovuz', 'Tovuz', 'Товуз'],
  ['ujar', 'Ucar', 'Ujar', 'Уджар'],
  ['khachmaz', 'Xaçmaz', 'Khachmaz', 'Хачмаз'],
  ['khizi', 'Xızı', 'Khizi', 'Хызы'],
  ['khojaly', 'Xocalı', 'Khojaly', 'Ходжалы'],
  ['khojavend', 'Xocavənd', 'Khojavend', 'Ходжавенд'],
  ['yardimli', 'Yardımlı', 'Yardimli', 'Ярдымлы'],
  ['zagatala', 'Zaqatala', 'Zagatala', 'Закатала'],
  ['zangilan', 'Zəngilan', 'Zangilan', 'Зангилан'],
  ['zardab', 'Zərdab', 'Zardab', 'Зардаб'],
];

export interface Region {
  code: string;
  names: Record<Language, string>;
}

export const REGIONS: readonly Region[] = LIST.map(([code, az, en, ru]) => ({ code, names: { az, en, ru } }));
export const REGION_CODES: readonly string[] = LIST.map(([code]) => code);
const byCode = new Map(REGIONS.map((r) => [r.code, r]));

export function isRegionCode(value: unknown): value is string {
  return typeof value === 'string' && byCode.has(value);
}

export function regionName(code: string, language: Language): string {
  return byCode.get(code)?.names[language] ?? code;
}

import type { Db } from './client.js';
import { sectors } from './schema/index.js';

/** The sectors a store chooses from at creation (SPEC §2 "Store chooser and create store"). */
const SECTORS = [
  ['clothing', 'Geyim və aksesuarlar', 'Clothing and accessories', 'Одежда и аксессуары'],
  ['electronics', 'Elektronika', 'Electronics', 'Электроника'],
  ['beauty', 'Gözəllik və kosmetika', 'Beauty and cosmetics', 'Красота и косметика'],
  ['home', 'Ev və bağ', 'Home and garden', 'Дом и сад'],
  ['food', 'Qida və içkilər', 'Food and drinks', 'Еда и напитки'],
  ['health', 'Sağlamlıq', 'Health', 'Здоровье'],
  ['kids', 'Uşaq məhsulları', 'Kids', 'Детские товары'],
  ['sports', 'İdman və istirahət', 'Sports and leisure', 'Спорт и отдых'],
  ['books', 'Kitablar və dəftərxana', 'Books and stationery', 'Книги и канцтовары'],
  ['jewelry', 'Zərgərlik', 'Jewellery', 'Ювелирные изделия'],
  ['handmade', 'Əl işləri', 'Handmade', 'Ручная работа'],
  ['auto', 'Avtomobil məhsulları', 'Automotive', 'Автотовары'],
  ['pets', 'Ev heyvanları', 'Pets', 'Товары для животных'],
  ['digital', 'Rəqəmsal məhsullar', 'Digital products', 'Цифровые товары'],
  ['services', 'Xidmətlər', 'Services', 'Услуги'],
  ['other', 'Digər', 'Other', 'Другое'],
] as const;

export async function seedSectors(db: Db): Promise<void> {
  await db
    .insert(sectors)
    .values(SECTORS.map(([slug, nameAz, nameEn, nameRu], position) => ({ slug, nameAz, nameEn, nameRu, position })))
    .onConflictDoNothing({ target: sectors.slug });
}

import { LANGUAGES, type Language, type SaveVacancyInput } from '@shop/shared';

/**
 * The careers page a fresh quick start shows (issue 17): three open positions, each written in
 * Azerbaijani, English and Russian, as the staff's editor would save them.
 */

interface Text {
  position: string;
  workHours: string;
  location: string;
  description: string;
}

function vacancy(texts: Record<Language, Text>): SaveVacancyInput[] {
  return LANGUAGES.map((language) => ({ language, ...texts[language], published: true }));
}

const section = (heading: string, items: string[]) =>
  `<h2>${heading}</h2><ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;

const SUPPORT = vacancy({
  az: {
    position: 'Müştəri dəstəyi mütəxəssisi',
    workHours: 'Tam ştat, 09:00–18:00',
    location: 'Bakı',
    description: `<p>Satıcılarımız mağazalarını açanda, ilk sifarişi alanda və ilk ödənişi çıxaranda yanlarında olun.</p>${section(
      'Nə edəcəksiniz',
      [
        'Satıcıların suallarına e-poçt və telefonla cavab vermək',
        'Kömək mərkəzi üçün məqalələr yazmaq',
        'Təkrarlanan problemləri komandaya çatdırmaq',
      ],
    )}${section('Kimi axtarırıq', ['Azərbaycan və rus dillərində sərbəst', 'Səbirli və diqqətli', 'Onlayn ticarət təcrübəsi üstünlükdür'])}`,
  },
  en: {
    position: 'Customer support specialist',
    workHours: 'Full time, 09:00–18:00',
    location: 'Baku',
    description: `<p>Be there for our merchants as they open their stores, take their first order and receive their first payout.</p>${section(
      'What you will do',
      [
        'Answer merchants by e-mail and phone',
        'Write help centre articles',
        'Bring the problems that repeat to the team',
      ],
    )}${section('Who we are looking for', ['Fluent in Azerbaijani and Russian', 'Patient and precise', 'Experience in e-commerce is a plus'])}`,
  },
  ru: {
    position: 'Специалист службы поддержки',
    workHours: 'Полная занятость, 09:00–18:00',
    location: 'Баку',
    description: `<p>Помогайте продавцам открыть магазин, принять первый заказ и получить первую выплату.</p>${section(
      'Чем вы будете заниматься',
      [
        'Отвечать продавцам по e-mail и телефону',
        'Писать статьи для центра помощи',
        'Передавать команде повторяющиеся проблемы',
      ],
    )}${section('Кого мы ищем', ['Свободный азербайджанский и русский', 'Терпение и внимательность', 'Опыт в электронной коммерции — плюс'])}`,
  },
});

const ENGINEER = vacancy({
  az: {
    position: 'Backend mühəndisi (TypeScript)',
    workHours: 'Tam ştat, çevik qrafik',
    location: 'Bakı və ya uzaqdan',
    description: `<p>Hər gün minlərlə sifarişi qəbul edən ödəniş və sifariş sistemini birlikdə qurun.</p>${section(
      'Nə edəcəksiniz',
      [
        'Fastify və PostgreSQL üzərində API yazmaq',
        'Ödəniş, çatdırılma və köçürmə axınlarını inkişaf etdirmək',
        'Sürəti ölçmək və yaxşılaşdırmaq',
      ],
    )}${section('Kimi axtarırıq', ['TypeScript və SQL ilə 3 ildən çox təcrübə', 'Testlərlə işləmək vərdişi', 'Məhsulun istifadəçisini düşünmək'])}`,
  },
  en: {
    position: 'Backend engineer (TypeScript)',
    workHours: 'Full time, flexible hours',
    location: 'Baku or remote',
    description: `<p>Build the payment and order system that takes thousands of orders every day.</p>${section(
      'What you will do',
      [
        'Write APIs on Fastify and PostgreSQL',
        'Grow the payment, delivery and payout flows',
        'Measure speed and improve it',
      ],
    )}${section('Who we are looking for', ['3+ years with TypeScript and SQL', 'A habit of working with tests', 'You think of the people who use the product'])}`,
  },
  ru: {
    position: 'Backend-разработчик (TypeScript)',
    workHours: 'Полная занятость, гибкий график',
    location: 'Баку или удалённо',
    description: `<p>Развивайте систему платежей и заказов, которая каждый день принимает тысячи заказов.</p>${section(
      'Чем вы будете заниматься',
      ['Писать API на Fastify и PostgreSQL', 'Развивать платежи, доставку и выплаты', 'Измерять и улучшать скорость'],
    )}${section('Кого мы ищем', ['Опыт с TypeScript и SQL от 3 лет', 'Привычка писать тесты', 'Вы думаете о тех, кто пользуется продуктом'])}`,
  },
});

const DESIGNER = vacancy({
  az: {
    position: 'Məhsul dizayneri',
    workHours: 'Yarım ştat, həftədə 20 saat',
    location: 'Uzaqdan',
    description: `<p>Satıcıların idarə panelini və alıcıların gördüyü vitrinləri daha sadə və gözəl edin.</p>${section(
      'Nə edəcəksiniz',
      ['Yeni ekranlar və mövzular dizayn etmək', 'Satıcılarla müsahibələr aparmaq', 'Dizayn sistemini saxlamaq'],
    )}`,
  },
  en: {
    position: 'Product designer',
    workHours: 'Part time, 20 hours a week',
    location: 'Remote',
    description: `<p>Make the merchants' control panel and the storefronts shoppers see simpler and more beautiful.</p>${section(
      'What you will do',
      ['Design new screens and themes', 'Interview merchants', 'Keep the design system in order'],
    )}`,
  },
  ru: {
    position: 'Продуктовый дизайнер',
    workHours: 'Частичная занятость, 20 часов в неделю',
    location: 'Удалённо',
    description: `<p>Делайте панель управления продавцов и витрины, которые видят покупатели, проще и красивее.</p>${section(
      'Чем вы будете заниматься',
      ['Проектировать новые экраны и темы', 'Проводить интервью с продавцами', 'Поддерживать дизайн-систему'],
    )}`,
  },
});

/** In the order they are posted: the list shows the newest (the designer) first. */
export const DEMO_VACANCIES: SaveVacancyInput[] = [...SUPPORT, ...ENGINEER, ...DESIGNER];

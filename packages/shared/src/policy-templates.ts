import type { Language } from './language.js';
import type { PolicyType } from './policies.js';

/**
 * Starter texts for a store's policies (SPEC §3 Policy): a plain-language policy for a small
 * shop in Azerbaijan selling physical goods, paid by card or cash on delivery and delivered by
 * courier. The merchant picks one in their language and edits it in the rich-text editor, so
 * every sentence has to be true as it stands: what only the checkout knows (regions, delivery
 * prices and times) is referred to, never guessed. The HTML keeps to the editor's tags — p, h2,
 * ul, li, strong and mailto:/tel: links — so nothing is lost when the sanitiser reads it back.
 */

/** What a template names: the store as shoppers see it, and how to reach it. */
export interface PolicyTemplateFacts {
  store: string;
  email: string;
  /** Shown only when given. */
  phone?: string | null;
}

/** A starter text: its title and its body as the HTML the editor keeps. */
export interface PolicyTemplate {
  title: string;
  html: string;
}

export function policyTemplate(type: PolicyType, language: Language, facts: PolicyTemplateFacts): PolicyTemplate {
  const text = TEXTS[type][language];
  return { title: text.title, html: text.body(prepare(facts, language)).join('') };
}

/** The facts as HTML, ready to drop into a text: escaped, the e-mail and phone as links. */
interface Facts {
  store: string;
  email: string;
  phone: string | null;
  /** "write to … or call …" in the text's language; the phone part only when there is one. */
  reach: string;
}

interface Text {
  title: string;
  /** Blocks of HTML; an empty string is a block left out (the phone line when there is none). */
  body: (f: Facts) => readonly string[];
}

const REACH: Record<Language, (email: string, phone: string | null) => string> = {
  az: (email, phone) => `${email} ünvanına yazın${phone ? ` və ya ${phone} nömrəsinə zəng edin` : ''}`,
  en: (email, phone) => `write to us at ${email}${phone ? ` or call ${phone}` : ''}`,
  ru: (email, phone) => `напишите на ${email}${phone ? ` или позвоните по номеру ${phone}` : ''}`,
};

function prepare(facts: PolicyTemplateFacts, language: Language): Facts {
  const email = escapeHtml(facts.email.trim());
  const phoneText = facts.phone?.trim();
  // Spaces are for reading; the tel: link takes the number without them (RFC 3966 allows - . ( ) as they are).
  const phone = phoneText
    ? `<a href="tel:${escapeHtml(phoneText.replace(/\s+/g, ''))}">${escapeHtml(phoneText)}</a>`
    : null;
  const emailLink = `<a href="mailto:${email}">${email}</a>`;
  return { store: escapeHtml(facts.store.trim()), email: emailLink, phone, reach: REACH[language](emailLink, phone) };
}

/** Store names and e-mails are typed by merchants: "&", "<" or quotes must stay text. */
function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

// The texts below are wrapped to fit the line width; the helpers fold the wrapping back into
// single spaces so the editor gets clean paragraphs.
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const p = (text: string) => `<p>${squash(text)}</p>`;
const h2 = (text: string) => `<h2>${squash(text)}</h2>`;
const ul = (...items: string[]) =>
  `<ul>${items
    .filter((item) => item !== '')
    .map((item) => `<li>${squash(item)}</li>`)
    .join('')}</ul>`;

const TEXTS: Record<PolicyType, Record<Language, Text>> = {
  returnAndRefund: {
    az: {
      title: 'Qaytarma və geri ödəniş siyasəti',
      body: (f) => [
        p(`«${f.store}» mağazasından aldığınız məhsuldan razı qalmağınızı istəyirik. Nəsə qaydasında deyilsə,
          məhsulu aşağıdakı qaydada qaytara bilərsiniz. Bu siyasət «İstehlakçıların hüquqlarının müdafiəsi
          haqqında» Azərbaycan Respublikasının Qanunu ilə sizə verilən hüquqları məhdudlaşdırmır.`),
        h2('Məhsulun qaytarılması'),
        p('Məhsulu çatdırıldığı gündən 14 gün ərzində aşağıdakı şərtlərlə qaytara bilərsiniz:'),
        ul(
          'məhsuldan istifadə olunmayıb və o, sizə çatdığı vəziyyətdədir;',
          'orijinal qablaşdırması, etiketləri, aksesuarları və sənədləri saxlanılıb.',
        ),
        h2('Qaytarılmayan məhsullar'),
        p('Qüsurlu olmadığı halda aşağıdakı məhsullar geri qəbul edilmir:'),
        ul(
          'açılmış və ya istifadə olunmuş gigiyena və şəxsi qulluq məhsulları (məsələn, kosmetika və alt paltarı);',
          'sifarişlə hazırlanmış və ya sizin üçün fərdiləşdirilmiş məhsullar;',
          'tez xarab olan məhsullar (məsələn, ərzaq və təzə gül);',
          `qanunvericiliyə görə lazımi keyfiyyətli olduqda qaytarılması və ya dəyişdirilməsi nəzərdə tutulmayan
          digər mallar.`,
        ),
        h2('Qaytarma üçün necə müraciət etməli'),
        p(`Çatdırılmadan sonra 14 gün ərzində ${f.email} ünvanına yazın. Məktubda sifariş nömrəsini, qaytarmaq
          istədiyiniz məhsulu və səbəbi göstərin. Məhsul qüsurludursa, bir neçə şəkil əlavə edin. Cavabımızda
          qaytarma ünvanını və növbəti addımları bildirəcəyik. Xahiş edirik, cavabımızı almadan məhsulu geri
          göndərməyin.`),
        h2('Qüsurlu və ya səhv göndərilmiş məhsul'),
        p(`Məhsul zədələnmiş və ya qüsurlu çatıbsa, yaxud sifariş etdiyiniz məhsul deyilsə, bunu mümkün qədər
          tez bizə bildirin. Seçiminizə uyğun olaraq məhsulu dəyişəcək və ya pulunu qaytaracağıq.`),
        h2('Geri göndərmə xərcini kim ödəyir'),
        p(`Məhsul qüsurludursa və ya səhv məhsul göndərmişiksə, geri göndərmə xərcini biz ödəyirik və ilkin
          çatdırılma haqqını da qaytarırıq. Digər hallarda, məsələn, fikrinizi dəyişdikdə, geri göndərmə xərci
          sizin üzərinizə düşür.`),
        h2('Pulun qaytarılması'),
        p('Qaytarılan məhsulu aldıqdan sonra 10 iş günü ərzində pulu qaytarırıq:'),
        ul(
          `<strong>Kartla ödənilmiş sifarişlər</strong> üzrə pul həmin karta qaytarılır. Vəsaitin hesabınızda
          görünməsi bankınızdan asılı olaraq daha bir neçə iş günü çəkə bilər.`,
          `<strong>Çatdırılma zamanı nağd ödənilmiş sifarişlər</strong> üzrə pul sizinlə razılaşdırılmaqla bank
          köçürməsi ilə və ya nağd qaytarılır.`,
        ),
        p('Geri ödənişlər Azərbaycan manatı (AZN) ilə edilir.'),
        p(`Sualınız varsa, ${f.reach}.`),
      ],
    },
    en: {
      title: 'Return and refund policy',
      body: (f) => [
        p(`We want you to be happy with your purchase from ${f.store}. If something is not right, you can return
          it as described below. This policy does not limit your rights under the Law of the Republic of
          Azerbaijan on Consumer Rights Protection.`),
        h2('Returning an item'),
        p('You can return an item within 14 days of delivery if:'),
        ul(
          'it is unused and in the condition in which you received it;',
          'it is in its original packaging, with all labels, accessories and documents.',
        ),
        h2('Items we cannot take back'),
        p('Unless they are defective, we cannot accept returns of:'),
        ul(
          'hygiene and personal care items that have been opened or used (for example cosmetics and underwear);',
          'items made to order or personalised for you;',
          'perishable goods, such as food and fresh flowers;',
          'other goods that by law cannot be returned or exchanged when they are of proper quality.',
        ),
        h2('How to request a return'),
        p(`Write to us at ${f.email} within 14 days of delivery. Please include your order number, the item you
          want to return and the reason. If the item is defective, attach a few photos. We will reply with the
          return address and the next steps. Please do not send anything back before you hear from us.`),
        h2('Defective or wrong items'),
        p(`If an item arrives damaged or defective, or it is not what you ordered, let us know as soon as
          possible. We will replace it or refund it, whichever you prefer.`),
        h2('Who pays for return delivery'),
        p(`If the item is defective or we sent the wrong one, we pay for the return delivery and also refund the
          original delivery cost. In other cases, for example if you have changed your mind, the cost of sending
          the item back is yours.`),
        h2('Refunds'),
        p('We refund you within 10 working days of receiving the returned item:'),
        ul(
          `<strong>Card payments</strong> are refunded to the same card. Your bank may take a few more working
          days to show the money in your account.`,
          `<strong>Cash on delivery orders</strong> are refunded by bank transfer or in cash, as we agree with
          you.`,
        ),
        p('Refunds are made in Azerbaijani manats (AZN).'),
        p(`Any questions? Please ${f.reach}.`),
      ],
    },
    ru: {
      title: 'Политика возврата и возмещения',
      body: (f) => [
        p(`Мы хотим, чтобы покупка в магазине «${f.store}» вас радовала. Если что-то не так, товар можно вернуть
          на условиях, описанных ниже. Эти правила не ограничивают ваши права по Закону Азербайджанской
          Республики «О защите прав потребителей».`),
        h2('Условия возврата'),
        p('Вы можете вернуть товар в течение 14 дней со дня доставки, если:'),
        ul(
          'он не был в употреблении и сохранил товарный вид;',
          'сохранены оригинальная упаковка, ярлыки, комплектующие и документы.',
        ),
        h2('Что нельзя вернуть'),
        p('Если у товара нет недостатков, мы не принимаем обратно:'),
        ul(
          `средства гигиены и личного ухода со вскрытой упаковкой или бывшие в употреблении (например, косметику
          и нижнее бельё);`,
          'товары, изготовленные на заказ или персонализированные для вас;',
          'скоропортящиеся товары, например продукты питания и живые цветы;',
          'другие товары надлежащего качества, которые по закону не подлежат возврату или обмену.',
        ),
        h2('Как оформить возврат'),
        p(`Напишите нам на ${f.email} в течение 14 дней со дня доставки. Укажите номер заказа, какой товар вы
          хотите вернуть и почему. Если товар с дефектом, приложите несколько фотографий. В ответ мы сообщим
          адрес для возврата и дальнейшие шаги. Пожалуйста, не отправляйте товар, пока не получите наш ответ.`),
        h2('Брак или не тот товар'),
        p(`Если товар пришёл повреждённым, с браком или это не то, что вы заказывали, сообщите нам как можно
          скорее. По вашему выбору мы заменим товар или вернём деньги.`),
        h2('Кто оплачивает обратную доставку'),
        p(`Если товар с браком или мы отправили не тот товар, обратную доставку оплачиваем мы и, кроме того,
          возвращаем стоимость первоначальной доставки. В остальных случаях, например если вы передумали,
          расходы на обратную отправку несёте вы.`),
        h2('Возврат денег'),
        p('Мы возвращаем деньги в течение 10 рабочих дней после того, как получим возвращённый товар:'),
        ul(
          `<strong>Оплата картой:</strong> деньги возвращаются на ту же карту. Банку может понадобиться ещё
          несколько рабочих дней, чтобы они отразились на счёте.`,
          `<strong>Оплата наличными при получении:</strong> деньги возвращаются банковским переводом или
          наличными — как мы с вами договоримся.`,
        ),
        p('Деньги возвращаются в азербайджанских манатах (AZN).'),
        p(`Остались вопросы? Пожалуйста, ${f.reach}.`),
      ],
    },
  },

  privacy: {
    az: {
      title: 'Məxfilik siyasəti',
      body: (f) => [
        p(`Bu siyasət «${f.store}» mağazasının hansı fərdi məlumatları topladığını, onlardan nə üçün istifadə
          etdiyini və onları necə qoruduğunu izah edir. Fərdi məlumatları Azərbaycan Respublikasının fərdi
          məlumatlar haqqında qanunvericiliyinə uyğun olaraq emal edirik.`),
        h2('Hansı məlumatları toplayırıq'),
        ul(
          'adınız və soyadınız;',
          'əlaqə məlumatlarınız: telefon nömrəniz və e-poçt ünvanınız;',
          'çatdırılma ünvanınız;',
          'sifarişlərinizin tarixçəsi və bizə göndərdiyiniz müraciətlər.',
        ),
        p('Kart ödənişlərini ödəniş provayderimiz emal edir. Kartınızın məlumatları bizdə saxlanılmır.'),
        h2('Məlumatlardan nə üçün istifadə edirik'),
        ul(
          'sifarişlərinizi qəbul etmək və çatdırmaq üçün;',
          'sifarişiniz, qaytarma və suallarınızla bağlı sizinlə əlaqə saxlamaq üçün;',
          'mühasibat uçotu və vergi kimi qanuni öhdəliklərimizi yerinə yetirmək üçün.',
        ),
        p(`Sifarişi rəsmiləşdirməyə başlayıb tamamlamasanız, səbətinizə qayıtmaq üçün linki olan bir xatırlatma
          məktubu göndərə bilərik. Fərdi məlumatlarınızı satmırıq.`),
        h2('Məlumatları kimlə bölüşürük'),
        p('Yalnız sifarişinizi yerinə yetirməyə kömək edənlərlə və yalnız onlara lazım olan həcmdə:'),
        ul(
          'sifarişi çatdıran kuryer xidməti (ad, telefon, ünvan);',
          'kart ödənişlərini emal edən ödəniş provayderi;',
          'mağazamızın işlədiyi və məlumatları bizim adımızdan saxlayan elektron ticarət platforması.',
        ),
        p('Qanunla tələb olunduqda məlumatlar dövlət orqanlarına da təqdim edilə bilər.'),
        h2('Məlumatları nə qədər saxlayırıq'),
        p(`Məlumatları yuxarıdakı məqsədlər üçün lazım olduğu müddətdə, sifariş və ödəniş qeydlərini isə
          mühasibat uçotu üçün qanunun tələb etdiyi müddətdə saxlayırıq. Bundan sonra onları silir və ya
          anonimləşdiririk.`),
        h2('Analitika və brauzeriniz'),
        p(`Səbətiniz və seçdiyiniz dil brauzerinizdə saxlanılır ki, mağazaya qayıtdığınız zaman itməsin.
          Mağazanı yaxşılaşdırmaq üçün ziyarətçilərin ondan necə istifadə etdiyini göstərən analitika
          alətlərindən (məsələn, Google Analytics və ya Yandex Metrica) istifadə edə bilərik; bu alətlər cookie
          fayllarından istifadə edə bilər.`),
        h2('Hüquqlarınız'),
        p('Bizdən aşağıdakıları istəyə bilərsiniz:'),
        ul(
          'haqqınızda hansı məlumatları saxladığımızı bildirmək və onların surətini vermək;',
          'yanlış və ya natamam məlumatları düzəltmək;',
          'qanunla saxlamalı olduğumuz məlumatlar istisna olmaqla, məlumatlarınızı silmək.',
        ),
        p(`Bunun üçün ${f.email} ünvanına yazın. Şəxsiyyətinizi təsdiqləməyinizi xahiş edə bilərik.`),
        h2('Əlaqə'),
        p(`Bu siyasətlə bağlı sualınız varsa, ${f.reach}.`),
      ],
    },
    en: {
      title: 'Privacy policy',
      body: (f) => [
        p(`This policy explains what personal data ${f.store} collects when you shop with us, why we need it and
          how we look after it. We process personal data in line with the legislation of the Republic of
          Azerbaijan on personal data.`),
        h2('What we collect'),
        ul(
          'your name;',
          'your contact details: phone number and e-mail address;',
          'your delivery address;',
          'your order history and the messages you send us.',
        ),
        p('Card payments are handled by our payment provider. We never store your card details.'),
        h2('Why we use it'),
        ul(
          'to process and deliver your orders;',
          'to contact you about your orders, returns and questions;',
          'to meet our legal obligations, such as accounting and tax.',
        ),
        p(`If you start checking out but do not finish, we may send you one reminder e-mail with a link back to
          your cart. We do not sell your personal data.`),
        h2('Who we share it with'),
        p('Only with those who help us fulfil your order, and only what they need:'),
        ul(
          'the courier service that delivers your order (name, phone number and address);',
          'our payment provider, to process card payments;',
          'the e-commerce platform that hosts our store and stores the data on our behalf.',
        ),
        p('We may also disclose data to public authorities where the law requires it.'),
        h2('How long we keep it'),
        p(`We keep your data for as long as we need it for the purposes above, and records of orders and payments
          for as long as the law requires for accounting. After that we delete the data or make it anonymous.`),
        h2('Analytics and your browser'),
        p(`Your browser keeps your cart and chosen language, so they are still there when you come back. To
          improve the store, we may use analytics tools (for example Google Analytics or Yandex Metrica) that
          show how visitors use it; these tools may use cookies.`),
        h2('Your rights'),
        p('You can ask us to:'),
        ul(
          'tell you what data we hold about you and give you a copy;',
          'correct data that is inaccurate or incomplete;',
          'delete your data, except what we have to keep by law.',
        ),
        p(`To make a request, write to us at ${f.email}. We may ask you to confirm your identity.`),
        h2('Contact'),
        p(`If you have any questions about this policy, please ${f.reach}.`),
      ],
    },
    ru: {
      title: 'Политика конфиденциальности',
      body: (f) => [
        p(`Здесь описано, какие персональные данные собирает магазин «${f.store}», зачем они нужны и как мы их
          защищаем. Мы обрабатываем персональные данные в соответствии с законодательством Азербайджанской
          Республики о персональных данных.`),
        h2('Какие данные мы собираем'),
        ul(
          'имя и фамилию;',
          'контактные данные: номер телефона и адрес электронной почты;',
          'адрес доставки;',
          'историю заказов и ваши обращения к нам.',
        ),
        p('Оплату картой обрабатывает наш платёжный провайдер. Данные вашей карты мы не храним.'),
        h2('Зачем они нужны'),
        ul(
          'чтобы принять и доставить ваш заказ;',
          'чтобы связаться с вами по поводу заказа, возврата или вашего вопроса;',
          'чтобы выполнять требования закона, в том числе по бухгалтерскому и налоговому учёту.',
        ),
        p(`Если вы начали оформлять заказ, но не завершили его, мы можем отправить одно письмо-напоминание со
          ссылкой на вашу корзину. Мы не продаём ваши персональные данные.`),
        h2('Кому мы их передаём'),
        p('Только тем, кто помогает выполнить ваш заказ, и только в необходимом объёме:'),
        ul(
          'курьерской службе, которая доставляет заказ (имя, телефон, адрес);',
          'платёжному провайдеру — для обработки оплаты картой;',
          `платформе электронной коммерции, на которой работает наш магазин и которая хранит данные по нашему
          поручению.`,
        ),
        p('Кроме того, мы можем передать данные государственным органам, если этого требует закон.'),
        h2('Как долго мы их храним'),
        p(`Столько, сколько нужно для указанных целей, а записи о заказах и платежах — в течение срока,
          установленного законом для бухгалтерского учёта. После этого мы удаляем данные или обезличиваем их.`),
        h2('Аналитика и ваш браузер'),
        p(`Корзина и выбранный язык сохраняются в вашем браузере, чтобы они не пропали к следующему визиту.
          Чтобы улучшать магазин, мы можем использовать инструменты аналитики (например, Google Analytics или
          Яндекс Метрику), которые показывают, как посетители им пользуются; эти инструменты могут использовать
          файлы cookie.`),
        h2('Ваши права'),
        p('Вы можете попросить нас:'),
        ul(
          'сообщить, какие данные о вас мы храним, и предоставить их копию;',
          'исправить неточные или неполные данные;',
          'удалить ваши данные, кроме тех, которые мы обязаны хранить по закону.',
        ),
        p(`Для этого напишите нам на ${f.email}. Мы можем попросить вас подтвердить личность.`),
        h2('Контакты'),
        p(`Если у вас есть вопросы об этой политике, ${f.reach}.`),
      ],
    },
  },

  termsOfService: {
    az: {
      title: 'İstifadə şərtləri',
      body: (f) => [
        p(`Bu şərtlər «${f.store}» onlayn mağazasından edilən alışlara şamil edilir. Sifariş verməklə bu şərtləri
          qəbul etmiş olursunuz.`),
        h2('Satıcı'),
        p(`Bu mağazadakı bütün malların satıcısı «${f.store}» mağazasıdır. Mağaza texniki imkanları təmin edən
          elektron ticarət platformasında işləyir; platforma alış-verişinizin tərəfi deyil.`),
        h2('Sifarişlər'),
        p(`Sifariş seçdiyiniz malları almaq üçün müraciətinizdir. Sifarişi təsdiqlədikdə və ya göndərdikdə onu
          qəbul etmiş oluruq. Məsələn, məhsul tükənibsə və ya qiymət açıq-aşkar səhv göstərilibsə, sifarişi rədd
          edə və ya ləğv edə bilərik; bu halda ödədiyiniz məbləği tam qaytarırıq.`),
        h2('Qiymətlər və ödəniş'),
        p(`Qiymətlər Azərbaycan manatı (₼, AZN) ilə göstərilir və tətbiq olunan vergilər onlara daxildir.
          Çatdırılma haqqı sifarişi rəsmiləşdirərkən, ödənişdən əvvəl göstərilir. Ödəniş üsulları:`),
        ul(
          'ödəniş provayderimiz vasitəsilə bank kartı ilə;',
          'çatdırılma zamanı nağd — sifarişi rəsmiləşdirərkən bu üsul təklif olunursa.',
        ),
        h2('Çatdırılma'),
        p(`Azərbaycan daxilində çatdırırıq. Regionlar, qiymətlər, müddətlər və çatdırılma qaydası Çatdırılma
          siyasətimizdə təsvir olunub.`),
        h2('Qaytarma'),
        p('Malları Qaytarma və geri ödəniş siyasətimizdə təsvir olunan qaydada qaytara bilərsiniz.'),
        h2('Məhsul haqqında məlumat və mövcudluq'),
        p(`Məhsulları dəqiq təsvir etməyə və düzgün göstərməyə çalışırıq, lakin ekranınızdan asılı olaraq rənglər
          bir qədər fərqli görünə bilər. Məhsulların sayı məhduddur və dəyişə bilər; sifariş etdiyiniz məhsul
          mövcud olmasa, sizə xəbər verəcək və onun üçün ödədiyiniz məbləği qaytaracağıq.`),
        h2('Məsuliyyət'),
        p(`Satdığımız mallara görə qanunla müəyyən edilmiş qaydada məsuliyyət daşıyırıq. Bizdən asılı olmayan
          hallar nəticəsində yaranan gecikmələrə və ya sifariş verdiyiniz zaman əvvəlcədən görülməsi mümkün
          olmayan zərərlərə görə məsuliyyət daşımırıq. Bu şərtlər «İstehlakçıların hüquqlarının müdafiəsi
          haqqında» Azərbaycan Respublikasının Qanunu da daxil olmaqla, qanunvericiliklə istehlakçı kimi sizə
          verilən hüquqları məhdudlaşdırmır.`),
        h2('Tətbiq olunan hüquq'),
        p(`Bu şərtlər Azərbaycan Respublikasının qanunvericiliyi ilə tənzimlənir. Problem yaranarsa, əvvəlcə
          bizimlə əlaqə saxlayın — onu sizinlə birlikdə həll etməyə çalışacağıq. Bu yolla həll olunmayan
          mübahisələr Azərbaycan Respublikasının qanunvericiliyinə uyğun olaraq həll edilir.`),
        h2('Şərtlərdə dəyişikliklər'),
        p(`Bu şərtləri vaxtaşırı yeniləyə bilərik. Hər sifarişə onu verdiyiniz zaman mağazada dərc olunmuş
          versiya tətbiq edilir.`),
        h2('Əlaqə'),
        p(`Sualınız varsa, ${f.reach}.`),
      ],
    },
    en: {
      title: 'Terms of service',
      body: (f) => [
        p(`These terms apply to purchases from the online store ${f.store}. By placing an order, you accept
          them.`),
        h2('Who sells'),
        p(`The seller of all goods in this store is ${f.store}. The store runs on an e-commerce platform that
          provides the technology; the platform is not a party to your purchase.`),
        h2('Orders'),
        p(`An order is your offer to buy the goods you have chosen. We accept it when we confirm or dispatch
          it. We may decline or cancel an order, for example if an item has sold out or a price was shown in
          obvious error; if you have already paid, we refund the full amount.`),
        h2('Prices and payment'),
        p(`Prices are in Azerbaijani manats (₼, AZN) and include applicable taxes. The delivery cost is shown at
          checkout before you pay. You can pay:`),
        ul(
          'by bank card, through our payment provider;',
          'in cash on delivery, where this option is offered at checkout.',
        ),
        h2('Delivery'),
        p(`We deliver within Azerbaijan. Regions, prices, delivery times and how delivery works are described in
          our shipping policy.`),
        h2('Returns'),
        p('You can return goods as described in our return and refund policy.'),
        h2('Product information and availability'),
        p(`We do our best to describe and show our products accurately, but colours may look slightly different
          on your screen. Stock is limited and may change; if an item you ordered turns out to be unavailable, we
          will let you know and refund what you paid for it.`),
        h2('Liability'),
        p(`We are responsible for the goods we sell as the law requires. We are not liable for delays caused by
          circumstances beyond our control, or for losses that could not reasonably be foreseen when you placed
          your order. Nothing in these terms limits your rights as a consumer, including those under the Law of
          the Republic of Azerbaijan on Consumer Rights Protection.`),
        h2('Governing law'),
        p(`These terms are governed by the law of the Republic of Azerbaijan. If a problem arises, please contact
          us first — we will try to resolve it together with you. Disputes that cannot be settled this way are
          resolved in accordance with the legislation of the Republic of Azerbaijan.`),
        h2('Changes to these terms'),
        p(`We may update these terms from time to time. Each order is governed by the version published in the
          store when you placed it.`),
        h2('Contact'),
        p(`If you have any questions, please ${f.reach}.`),
      ],
    },
    ru: {
      title: 'Условия использования',
      body: (f) => [
        p(`Эти условия применяются к покупкам в интернет-магазине «${f.store}». Оформляя заказ, вы принимаете
          их.`),
        h2('Продавец'),
        p(`Продавцом всех товаров в этом магазине является магазин «${f.store}». Магазин работает на платформе
          электронной коммерции, которая обеспечивает его техническую работу; платформа не является стороной
          вашей покупки.`),
        h2('Заказы'),
        p(`Заказ — это ваше предложение купить выбранные товары. Мы принимаем его, когда подтверждаем или
          отправляем заказ. Мы можем отклонить или отменить заказ, например если товар закончился или цена была
          указана с явной ошибкой; если вы уже оплатили заказ, мы вернём всю сумму.`),
        h2('Цены и оплата'),
        p(`Цены указаны в азербайджанских манатах (₼, AZN) и включают применимые налоги. Стоимость доставки
          показывается при оформлении заказа, до оплаты. Способы оплаты:`),
        ul(
          'банковской картой через нашего платёжного провайдера;',
          'наличными при получении, если этот способ предлагается при оформлении заказа.',
        ),
        h2('Доставка'),
        p(`Мы доставляем заказы по Азербайджану. Регионы, стоимость, сроки и порядок доставки описаны в нашей
          Политике доставки.`),
        h2('Возврат'),
        p('Вернуть товар можно на условиях, описанных в нашей Политике возврата и возмещения.'),
        h2('Информация о товарах и наличие'),
        p(`Мы стараемся точно описывать и показывать товары, но на вашем экране цвета могут выглядеть немного
          иначе. Количество товаров ограничено и может меняться; если заказанного товара не окажется в наличии,
          мы сообщим вам и вернём деньги за него.`),
        h2('Ответственность'),
        p(`Мы отвечаем за проданные товары в порядке, установленном законом. Мы не несём ответственности за
          задержки, вызванные не зависящими от нас обстоятельствами, а также за убытки, которые нельзя было
          разумно предвидеть при оформлении заказа. Эти условия не ограничивают ваши права потребителя, в том
          числе по Закону Азербайджанской Республики «О защите прав потребителей».`),
        h2('Применимое право'),
        p(`К этим условиям применяется законодательство Азербайджанской Республики. Если возникла проблема,
          сначала свяжитесь с нами — мы постараемся решить её вместе с вами. Споры, которые не удалось
          урегулировать таким образом, разрешаются в соответствии с законодательством Азербайджанской
          Республики.`),
        h2('Изменение условий'),
        p(`Мы можем время от времени обновлять эти условия. К каждому заказу применяется версия, опубликованная в
          магазине на момент его оформления.`),
        h2('Контакты'),
        p(`Если у вас есть вопросы, ${f.reach}.`),
      ],
    },
  },

  shipping: {
    az: {
      title: 'Çatdırılma siyasəti',
      body: (f) => [
        p(`«${f.store}» sifarişləri Azərbaycan üzrə kuryerlə çatdırır.`),
        h2('Regionlar, qiymətlər və müddətlər'),
        p(`Çatdırılma regionları, çatdırılmanın qiyməti və müddəti regionunuzdan və seçdiyiniz çatdırılma
          tarifindən asılıdır. Bunları sifarişi rəsmiləşdirərkən, ödənişdən əvvəl görəcəksiniz.`),
        h2('Sifarişin hazırlanması'),
        p(`Sifarişləri 1–2 iş günü ərzində hazırlayırıq. Kartla ödənilən sifarişlər ödəniş təsdiqləndikdən sonra
          hazırlanır. Hazır sifariş kuryerə təhvil verilir.`),
        h2('Çatdırılma'),
        p(`Xahiş edirik, tam ünvanı və sizinlə əlaqə saxlamaq mümkün olan telefon nömrəsini göstərin. Kuryer
          çatdırılma vaxtını razılaşdırmaq üçün adətən əvvəlcədən zəng edir. Sifarişinizin vəziyyətini öyrənmək
          üçün ${f.reach}, sifariş nömrəsini də bildirin.`),
        h2('Çatdırılma zamanı nağd ödəniş'),
        p(`Regionunuz üçün bu üsul mövcuddursa, sifarişi rəsmiləşdirərkən onu seçə və sifarişi təhvil alanda
          məbləği kuryerə manatla ödəyə bilərsiniz. Dəqiq məbləği əvvəlcədən hazırlasanız, iş asanlaşar.`),
        h2('Bağlamanın yoxlanılması'),
        p('Bağlamanı təhvil alarkən kuryerin yanında yoxlayın. Qablaşdırma və ya mal zədələnibsə:'),
        ul(
          'bunu kuryerə göstərin və mümkünsə, çatdırılma sənədində qeyd etdirin;',
          'bağlamanın və malın şəklini çəkin;',
          `həmin gün ${f.email} ünvanına yazın.`,
        ),
        p(`Zədələnmiş bağlamanı qəbul etməkdən imtina edə bilərsiniz. Bu halda seçiminizə uyğun olaraq yeni mal
          göndərəcək və ya pulunuzu qaytaracağıq.`),
        h2('Çatdırılma baş tutmadıqda'),
        p(`Kuryer sizə zəng edə bilməsə və ya ünvanda heç kim olmasa, başqa vaxt razılaşdırmaq üçün sizinlə
          yenidən əlaqə saxlamağa çalışacaq. Sifarişi yenə də çatdırmaq mümkün olmasa, o, bizə qaytarılır və
          təkrar çatdırılma və ya pulun qaytarılması barədə razılaşmaq üçün sizinlə əlaqə saxlayırıq. Təkrar
          çatdırılma adi tariflə ödənişli ola bilər.`),
      ],
    },
    en: {
      title: 'Shipping policy',
      body: (f) => [
        p(`${f.store} delivers orders by courier across Azerbaijan.`),
        h2('Regions, prices and delivery times'),
        p(`Where we deliver, what delivery costs and how long it takes depend on your region and the delivery
          tariff you choose. You will see all of this at checkout, before you pay.`),
        h2('Order processing'),
        p(`We prepare orders within 1–2 working days. Orders paid by card are prepared once the payment is
          confirmed. When your order is ready, we hand it over to the courier.`),
        h2('Delivery'),
        p(`Please give your full address and a phone number on which you can be reached. The courier usually
          calls ahead to agree on a delivery time. To check on your order, ${f.reach}, quoting your order
          number.`),
        h2('Cash on delivery'),
        p(`Where cash on delivery is available for your region, you can choose it at checkout and pay the courier
          in manats when you receive your order. Having the exact amount ready makes things quicker.`),
        h2('Checking your parcel'),
        p(`Please check your parcel when you receive it, in the courier's presence. If the packaging or the goods
          are damaged:`),
        ul(
          'show the damage to the courier and, if possible, have it noted on the delivery document;',
          'take photos of the parcel and the goods;',
          `write to us at ${f.email} the same day.`,
        ),
        p(`You may refuse to accept a damaged parcel. We will then send a replacement or refund you, whichever
          you prefer.`),
        h2('If delivery fails'),
        p(`If the courier cannot reach you by phone or nobody is at the address, they will try to contact you
          again to arrange another time. If the order still cannot be delivered, it comes back to us and we will
          contact you to arrange a new delivery or a refund. A repeat delivery may be charged at the usual
          rate.`),
      ],
    },
    ru: {
      title: 'Политика доставки',
      body: (f) => [
        p(`Магазин «${f.store}» доставляет заказы курьером по всему Азербайджану.`),
        h2('Регионы, стоимость и сроки'),
        p(`Куда мы доставляем, сколько стоит доставка и сколько она занимает, зависит от вашего региона и
          выбранного тарифа. Всё это вы увидите при оформлении заказа, до оплаты.`),
        h2('Обработка заказа'),
        p(`Мы собираем заказы в течение 1–2 рабочих дней. Заказы с оплатой картой собираются после подтверждения
          оплаты. Готовый заказ мы передаём курьеру.`),
        h2('Доставка'),
        p(`Пожалуйста, укажите полный адрес и номер телефона, по которому с вами можно связаться. Обычно курьер
          заранее звонит, чтобы согласовать время доставки. Чтобы узнать, где ваш заказ, ${f.reach} — и
          назовите номер заказа.`),
        h2('Оплата наличными при получении'),
        p(`Если для вашего региона доступна оплата при получении, вы можете выбрать её при оформлении заказа и
          заплатить курьеру в манатах, когда получите заказ. Будет удобнее, если вы подготовите точную сумму.`),
        h2('Проверка посылки'),
        p('Пожалуйста, проверьте посылку при получении, в присутствии курьера. Если упаковка или товар повреждены:'),
        ul(
          'покажите повреждение курьеру и по возможности попросите отметить его в документе о доставке;',
          'сфотографируйте посылку и товар;',
          `в тот же день напишите нам на ${f.email}.`,
        ),
        p(`Вы можете отказаться принимать повреждённую посылку. В этом случае по вашему выбору мы отправим замену
          или вернём деньги.`),
        h2('Если доставить не удалось'),
        p(`Если курьер не может до вас дозвониться или по адресу никого нет, он постарается ещё раз связаться с
          вами и договориться о другом времени. Если заказ всё же не удаётся доставить, он возвращается к нам, и
          мы свяжемся с вами, чтобы договориться о повторной доставке или возврате денег. Повторная доставка
          может оплачиваться по обычному тарифу.`),
      ],
    },
  },

  contact: {
    az: {
      title: 'Əlaqə məlumatları',
      body: (f) => [
        p('Məhsullarımız, sifarişiniz, çatdırılma və ya qaytarma ilə bağlı istənilən sualınızda kömək etməyə hazırıq.'),
        h2('Bizimlə necə əlaqə saxlamaq olar'),
        ul(
          `<strong>Mağaza:</strong> ${f.store}`,
          `<strong>E-poçt:</strong> ${f.email}`,
          f.phone ? `<strong>Telefon:</strong> ${f.phone}` : '',
        ),
        p(`Müraciətlərə bir iş günü ərzində cavab veririk. İstirahət və bayram günlərində göndərilən müraciətləri
          növbəti iş günü cavablandırırıq.`),
        h2('Sifarişlə bağlı suallar'),
        p(`Müraciətinizdə sifariş nömrəsini mütləq göstərin: bu, sifarişinizi tez tapmağa və sizə əlavə sual
          vermədən cavab verməyə kömək edir. Mümkünsə, sifariş verərkən göstərdiyiniz e-poçt ünvanından yazın
          və ya həmin ünvanı məktubda qeyd edin. Sualınız zədələnmiş və ya qüsurlu məhsulla bağlıdırsa, bir neçə
          şəkil əlavə edin.`),
        h2('Qaytarma və şikayətlər'),
        p(`Məhsulu qaytarmaq üçün çatdırılmadan sonra 14 gün ərzində bizə yazın — şərtlər və addımlar Qaytarma və
          geri ödəniş siyasətimizdə izah olunub. Xidmətimizdən razı qalmamısınızsa, nə baş verdiyini bizə
          bildirin: hər şikayətə diqqətlə baxırıq və vəziyyəti düzəltmək üçün əlimizdən gələni edəcəyik.`),
        h2('Yazmazdan əvvəl'),
        p(`Bir çox sualın cavabını Çatdırılma siyasətimizdə (regionlar, qiymətlər və müddətlər), Qaytarma və geri
          ödəniş siyasətimizdə və İstifadə şərtlərimizdə tapa bilərsiniz. Orada cavab tapmasanız, bizə yazmaqdan
          çəkinməyin.`),
      ],
    },
    en: {
      title: 'Contact information',
      body: (f) => [
        p('We are happy to help with any question about our products, your order, delivery or returns.'),
        h2('How to reach us'),
        ul(
          `<strong>Store:</strong> ${f.store}`,
          `<strong>E-mail:</strong> ${f.email}`,
          f.phone ? `<strong>Phone:</strong> ${f.phone}` : '',
        ),
        p(`We answer within one working day. Messages sent at weekends or on public holidays are answered on the
          next working day.`),
        h2('Questions about an order'),
        p(`Please include your order number in your message: it helps us find your order quickly and answer
          without having to ask you again. If you can, write from the e-mail address you used for the order, or
          mention that address in your message. If your question is about a damaged or defective item, attach a
          few photos.`),
        h2('Returns and complaints'),
        p(`To return an item, write to us within 14 days of delivery — our return and refund policy explains the
          conditions and the steps. If you are not happy with our service, tell us what happened: we look into
          every complaint carefully and will do our best to put things right.`),
        h2('Before you write'),
        p(`You may find a quick answer in our shipping policy (delivery regions, prices and times), our return
          and refund policy and our terms of service. If you do not find what you need there, just write to us.`),
      ],
    },
    ru: {
      title: 'Контактная информация',
      body: (f) => [
        p('Мы с радостью ответим на любые вопросы о товарах, вашем заказе, доставке или возврате.'),
        h2('Как с нами связаться'),
        ul(
          `<strong>Магазин:</strong> ${f.store}`,
          `<strong>Эл. почта:</strong> ${f.email}`,
          f.phone ? `<strong>Телефон:</strong> ${f.phone}` : '',
        ),
        p(`Мы отвечаем в течение одного рабочего дня. На обращения, полученные в выходные и праздничные дни,
          отвечаем в следующий рабочий день.`),
        h2('Вопросы по заказу'),
        p(`Пожалуйста, указывайте в сообщении номер заказа: так мы быстрее его найдём и ответим без лишних
          уточнений. По возможности пишите с того адреса электронной почты, который вы указали при оформлении
          заказа, или укажите его в сообщении. Если вопрос касается повреждённого или бракованного товара,
          приложите несколько фотографий.`),
        h2('Возврат и жалобы'),
        p(`Чтобы вернуть товар, напишите нам в течение 14 дней со дня доставки — условия и порядок описаны в
          нашей Политике возврата и возмещения. Если вы недовольны нашим обслуживанием, расскажите, что
          случилось: мы внимательно разбираемся с каждой жалобой и сделаем всё возможное, чтобы исправить
          ситуацию.`),
        h2('Прежде чем написать'),
        p(`Ответы на многие вопросы есть в нашей Политике доставки (регионы, стоимость и сроки), Политике возврата
          и возмещения и Условиях использования. Если не нашли ответа, смело пишите нам.`),
      ],
    },
  },
};

import { type ArticleKind, type HelpTopic, LANGUAGES, type Language, type SaveArticleInput } from '@shop/shared';

/**
 * The platform's own writing that a fresh quick start shows (issue 17): two blog posts, two
 * tutorials and six help articles, each written in Azerbaijani, English and Russian. The facts
 * are the product's own (README, SPEC, the control panel's labels); tutorials have no video and
 * no pictures, since the demo has uploaded none.
 *
 * In the order they are written: a list shows the newest first, so the last blog post here
 * ("five things…") leads the blog and "Add your first product" the tutorials.
 */

interface Text {
  title: string;
  summary: string;
  body: string;
}

/** One article in the three languages, side by side, as the editor would save each. */
function article(kind: ArticleKind, texts: Record<Language, Text>, topic: HelpTopic | null = null): SaveArticleInput[] {
  return LANGUAGES.map((language) => ({ kind, language, ...texts[language], topic, published: true }));
}

const help = (topic: HelpTopic, texts: Record<Language, Text>) => article('help', texts, topic);

// ─── Help centre ──────────────────────────────────────────────────────────────────────────────

const START = help('start', {
  az: {
    title: 'Mağazanı necə açmaq olar',
    summary: 'Qeydiyyatdan keçmək, e-poçtu təsdiqləmək və ilk mağazanı yaratmaq bir neçə dəqiqə çəkir.',
    body: `<p>Shop builder-də mağaza açmaq üçün proqramçıya ehtiyac yoxdur: e-poçt ünvanı və bir neçə dəqiqə kifayətdir.</p>
<h2>Qeydiyyat</h2>
<ol>
<li>Qeydiyyat səhifəsində e-poçtunuzu və şifrənizi yazın. Şifrə 8–100 simvoldan ibarət olmalı, içində kiçik və böyük hərf, rəqəm və xüsusi simvol olmalıdır; boşluq olmamalıdır.</li>
<li>E-poçtunuza 6 rəqəmli təsdiq kodu gələcək. Kod 10 dəqiqə etibarlıdır; gəlməyibsə, bir dəqiqədən sonra yenisini istəyə bilərsiniz.</li>
<li>Kodu daxil edin — hesabınız hazırdır.</li>
</ol>
<p>Giriş iki addımlıdır: şifrədən sonra e-poçtunuza yenə kod gəlir. Bu, şifrəniz kiminsə əlinə keçsə belə hesabınızı qoruyur.</p>
<h2>Mağazanın yaradılması</h2>
<p>Mağazanın adını və sahəsini (nə satdığınızı) seçin. Ad 3–63 simvol olmalıdır: yalnız kiçik latın hərfləri, rəqəmlər və defis; defislə başlaya və bitə bilməz, iki defis yan-yana gələ bilməz. Ad mağazanızın ünvanına çevrilir, məsələn, <strong>…/gozel-geyim</strong>. Loqonu sonra da əlavə edə bilərsiniz.</p>
<h2>İdarə panelində ilk baxış</h2>
<p>Ana səhifədə «İlk addımlar» siyahısı sizi gözləyir: loqo, mağazanın təsviri və profiliniz (ad, soyad, telefon). Sol menyuda sifarişlər, məhsullar, endirimlər, mağazanın dizaynı və tənzimləmələr var. Bir hesabla bir neçə mağaza aça və yuxarıdakı mağaza seçicisi ilə onlar arasında keçid edə bilərsiniz.</p>
<h2>Sınaq müddəti və abunə</h2>
<p>Hər yeni mağazanın ilk 14 günü pulsuzdur, sonra abunə ayda 29 ₼-dır. Mağazanın dayanmadan işləməsi üçün sınaq bitənədək <strong>Tənzimləmələr → Ödəniş üsulları</strong> bölməsində kart əlavə edin. Kart nömrəsini ödəniş provayderinin təhlükəsiz səhifəsində yazırsınız; biz yalnız onun gizlədilmiş formasını saxlayırıq.</p>`,
  },
  en: {
    title: 'How to open your store',
    summary: 'Registering, confirming your e-mail and creating your first store takes a few minutes.',
    body: `<p>You need no developer to open a store on Shop builder: an e-mail address and a few minutes are enough.</p>
<h2>Register</h2>
<ol>
<li>On the registration page, enter your e-mail and a password. It must be 8 to 100 characters long, with lowercase and uppercase letters, a digit and a special character, and no spaces.</li>
<li>A 6-digit confirmation code arrives by e-mail. It is valid for 10 minutes; if it does not arrive, you can ask for a new one after a minute.</li>
<li>Enter the code and your account is ready.</li>
</ol>
<p>Signing in takes two steps: after your password, another code is sent to your e-mail. Even if someone learns your password, they cannot get in without your mailbox.</p>
<h2>Create the store</h2>
<p>Choose the store's name and its sector (what you sell). The name is 3 to 63 characters of lowercase Latin letters, digits and hyphens; it cannot start or end with a hyphen or have two in a row. It becomes your store's address, for example <strong>…/handmade-candles</strong>. The logo is optional and can be added later.</p>
<h2>A first look at the control panel</h2>
<p>Home shows a “Getting started” checklist: a logo, a description of your store and your profile (first name, last name, phone). The menu on the left leads to orders, products, discounts, the store's design and settings. One account can run several stores; switch between them with the store switcher at the top.</p>
<h2>Free trial and subscription</h2>
<p>Every new store is free for its first 14 days, then the subscription is 29 ₼ a month. To keep the store running without a pause, add a card under <strong>Settings → Payments</strong> before the trial ends. You type the card number on the payment provider's secure page; we keep only its masked form.</p>`,
  },
  ru: {
    title: 'Как открыть магазин',
    summary: 'Регистрация, подтверждение почты и создание первого магазина занимают несколько минут.',
    body: `<p>Чтобы открыть магазин на Shop builder, программист не нужен — хватит адреса электронной почты и нескольких минут.</p>
<h2>Регистрация</h2>
<ol>
<li>Укажите на странице регистрации e-mail и пароль. Пароль — от 8 до 100 символов, со строчными и заглавными буквами, цифрой и спецсимволом, без пробелов.</li>
<li>На почту придёт шестизначный код подтверждения. Он действует 10 минут; если письма нет, через минуту можно запросить новый код.</li>
<li>Введите код — аккаунт готов.</li>
</ol>
<p>Вход в систему двухшаговый: после пароля на почту приходит ещё один код. Так аккаунт защищён, даже если пароль кто-то узнал.</p>
<h2>Создание магазина</h2>
<p>Придумайте название магазина и выберите сферу — что вы продаёте. Название: от 3 до 63 символов, только строчные латинские буквы, цифры и дефисы; дефис не может стоять в начале, в конце или дважды подряд. Название становится адресом магазина, например <strong>…/svechi-ruchnoy-raboty</strong>. Логотип можно добавить и позже.</p>
<h2>Панель управления</h2>
<p>На главной странице вас ждёт список «Первые шаги»: логотип, описание магазина и профиль (имя, фамилия, телефон). В меню слева — заказы, товары, скидки, оформление магазина и настройки. В одном аккаунте может быть несколько магазинов: переключайтесь между ними через переключатель вверху.</p>
<h2>Пробный период и подписка</h2>
<p>Первые 14 дней каждый новый магазин работает бесплатно, дальше подписка стоит 29 ₼ в месяц. Чтобы магазин не остановился, до конца пробного периода добавьте карту в разделе <strong>Настройки → Платежи</strong>. Номер карты вводится на защищённой странице платёжного провайдера — у нас хранится только маскированный номер.</p>`,
  },
});

const PRODUCTS = help('products', {
  az: {
    title: 'Məhsullar, variantlar və stok',
    summary: 'Məhsul kartında nələrin olduğu, variantların necə yarandığı və stokun necə izləndiyi.',
    body: `<p>Hər məhsulun başlığı, təsviri, ən azı bir şəkli, qiyməti və kateqoriyası olmalıdır. Qalan hər şey — müqayisə qiyməti, SKU, barkod, çəki, variantlar — ehtiyaca görədir.</p>
<h2>Şəkillər və qiymət</h2>
<p>Bir məhsula 20-yə qədər şəkil yükləyə bilərsiniz: PNG, JPG və ya WebP, hər biri 10 MB-a qədər. Birinci şəkil əsasdır, sıranı sürüşdürməklə dəyişirsiniz. <strong>Müqayisə qiyməti</strong> əvvəlki qiymətdir: vitrində üstündən xətt çəkilmiş görünür və əsas qiymətdən yüksək olmalıdır.</p>
<h2>Seçimlər və variantlar</h2>
<p>Məhsul bir neçə ölçüdə və ya rəngdə satılırsa, ən çoxu 3 seçim əlavə edin (məsələn, «Ölçü» və «Rəng»). Onların dəyərlərinin hər birləşməsi ayrıca variant olur və hər variantın öz qiyməti, SKU-su, barkodu, stoku və şəkli ola bilər. Siyahıda məhsulun ən aşağı variant qiyməti göstərilir.</p>
<h2>Stok</h2>
<ul>
<li><strong>Miqdarı izlə</strong> açıq olanda satış stokdan çıxılır; stok bitəndə məhsul «Stokda yoxdur» olur.</li>
<li><strong>Stok bitdikdə satışı davam etdir</strong> sifarişlə hazırlanan mallar üçündür: alıcı 0 ədəd qalanda da ala bilir.</li>
<li>Alıcı ödəniş səhifəsinə keçəndə məhsul 15 dəqiqəlik onun üçün saxlanılır, ona görə eyni ədəd iki nəfərə satılmır.</li>
<li><strong>Anbar</strong> səhifəsində 5 ədəd və ya daha az qalan mallar «Az qalıb» kimi işarələnir.</li>
</ul>
<h2>Status, kateqoriya və kolleksiya</h2>
<p><strong>Passiv</strong> məhsul vitrində görünmür, amma silinmir. Hər məhsul bir kateqoriyaya aiddir; kolleksiyalar isə «Yeni gələnlər» kimi özünüz seçdiyiniz sıralı toplulardır.</p>
<h2>Çoxlu məhsul</h2>
<p>Məhsullar siyahısında CSV ixrac edə və idxal edə bilərsiniz. <em>product_id</em> olan sətirlər həmin məhsulu yeniləyir, olmayanlar yeni məhsul yaradır. Faylda xəta varsa, heç nə dəyişmir: sətirləri düzəldib faylı yenidən seçirsiniz.</p>`,
  },
  en: {
    title: 'Products, variants and stock',
    summary: 'What a product holds, how variants are made and how stock is counted.',
    body: `<p>Every product needs a title, a description, at least one image, a price and a category. The rest — compare-at price, SKU, barcode, weight, variants — is there when you need it.</p>
<h2>Images and price</h2>
<p>A product can have up to 20 images: PNG, JPG or WebP, up to 10 MB each. The first one is the main image; drag them to change the order. The <strong>compare-at price</strong> is the former price: shoppers see it struck through, and it must be higher than the price.</p>
<h2>Options and variants</h2>
<p>If a product comes in several sizes or colours, add up to 3 options, such as “Size” and “Colour”. Every combination of their values becomes a variant, and each variant can have its own price, SKU, barcode, stock and image. Lists show the lowest variant price.</p>
<h2>Stock</h2>
<ul>
<li>With <strong>Track quantity</strong> on, every sale comes off the stock, and at zero the product shows as out of stock.</li>
<li><strong>Continue selling when out of stock</strong> is for made-to-order goods: shoppers can still buy at 0 units.</li>
<li>When a shopper goes to pay, the units are held for them for 15 minutes, so the same unit is never sold twice.</li>
<li>The <strong>Inventory</strong> page marks anything with 5 units or fewer as low.</li>
</ul>
<h2>Status, categories and collections</h2>
<p>A <strong>Passive</strong> product is hidden from your storefront but not deleted. Every product belongs to one category; collections are hand-picked sets in the order you choose, such as “New in” or “Gift ideas”.</p>
<h2>Many products at once</h2>
<p>The product list exports and imports CSV. Rows with a <em>product_id</em> update that product; rows without one create new products. If the file has a problem, nothing changes: correct the rows and choose the file again.</p>`,
  },
  ru: {
    title: 'Товары, варианты и остатки',
    summary: 'Что есть в карточке товара, как появляются варианты и как считаются остатки.',
    body: `<p>Обязательные поля товара — название, описание, хотя бы одно изображение, цена и категория. Всё остальное (цена до скидки, артикул, штрихкод, вес, варианты) заполняйте по необходимости.</p>
<h2>Фотографии и цена</h2>
<p>К товару можно загрузить до 20 изображений в PNG, JPG или WebP, каждое до 10 МБ. Первое изображение — главное, порядок меняется перетаскиванием. <strong>Цена до скидки</strong> показывается зачёркнутой рядом с текущей и должна быть выше неё.</p>
<h2>Опции и варианты</h2>
<p>Если товар бывает разных размеров или цветов, добавьте до трёх опций, например «Размер» и «Цвет». Каждое сочетание значений становится отдельным вариантом со своей ценой, артикулом, штрихкодом, остатком и фотографией. В списках показывается самая низкая цена среди вариантов.</p>
<h2>Остатки</h2>
<ul>
<li>Когда включено <strong>«Отслеживать количество»</strong>, каждая продажа списывается со склада, а при нуле товар помечается как закончившийся.</li>
<li><strong>«Продолжать продажи, когда товар закончился»</strong> пригодится для товаров под заказ: купить можно и при нулевом остатке.</li>
<li>Пока покупатель оплачивает заказ, товар 15 минут зарезервирован за ним — одну и ту же единицу не продадут дважды.</li>
<li>На странице <strong>«Склад»</strong> товары, которых осталось 5 штук или меньше, отмечены как заканчивающиеся.</li>
</ul>
<h2>Статус, категории и коллекции</h2>
<p><strong>Неактивный</strong> товар скрыт с витрины, но не удалён. Каждый товар относится к одной категории, а коллекции — это подборки в нужном вам порядке: «Новинки», «Идеи подарков» и тому подобное.</p>
<h2>Массовые изменения</h2>
<p>Список товаров можно выгрузить в CSV и загрузить обратно. Строки с <em>product_id</em> обновляют существующие товары, строки без него создают новые. Если в файле есть ошибки, ничего не меняется: исправьте строки и выберите файл ещё раз.</p>`,
  },
});

const ORDERS = help('orders', {
  az: {
    title: 'Sifarişlər: nömrələr, icra və pulun qaytarılması',
    summary: 'Sifarişin nömrəsi, göndərilməsi və pulun alıcıya qaytarılması necə işləyir.',
    body: `<p>Alıcı ödəniş etdikdə sifariş <strong>Sifarişlər</strong> bölməsində görünür və alıcıya onun dilində təsdiq məktubu gedir.</p>
<h2>Sifariş nömrələri</h2>
<p>Sifarişlər #1001-dən nömrələnir. Nömrəyə prefiks və ya sufiks əlavə etmək istəyirsinizsə (məsələn, <em>GG-1001</em>), <strong>Tənzimləmələr → Ümumi</strong> səhifəsindəki «Sifariş tənzimləmələri» kartını açın. Dəyişiklik növbəti sifarişlərə aiddir; artıq verilmiş sifarişlər öz nömrəsini saxlayır.</p>
<h2>Siyahı</h2>
<p>Yuxarıdakı görünüşlər sifarişləri ayırır: <strong>Hamısı</strong>, <strong>İcra olunmamış</strong> (göndərilməli olanlar), <strong>Açıq</strong> və <strong>Bağlı</strong>. Nömrə, müştəri və ya e-poçt üzrə axtarış, ödəniş və icra statusu, tarix üzrə filtr var; siyahını CSV kimi ixrac etmək olar.</p>
<h2>Sifarişin icrası</h2>
<ol>
<li>Sifarişi açın və <strong>Məhsulları icra et</strong> düyməsini basın.</li>
<li>Hər məhsuldan neçə ədəd göndərdiyinizi seçin — sifarişi hissə-hissə də göndərmək olar.</li>
<li>«Alıcıya e-poçtla bildir» seçilibsə, alıcıya göndərmə barədə məktub gedəcək.</li>
</ol>
<p>Rəqəmsal mal və ya xidmət satırsınızsa, eyni kartda «Ödənişdən sonra məhsulları avtomatik icra et» seçimini açın.</p>
<h2>Pulun qaytarılması</h2>
<p><strong>Pulu qaytar</strong> düyməsi ilə qaytarılacaq məbləği (ödənilmişdən çox olmamaqla), anbara qayıdan ədədləri və öz qeydiniz üçün səbəbi göstərirsiniz. Pul alıcının kartına qayıdır. Kart komissiyası qaytarılmır — onu ödəniş provayderi saxlayır.</p>
<h2>Qapıda nağd ödəniş</h2>
<p>Belə sifariş ödənilməmiş kimi gəlir, stok isə dərhal çıxılır. Kuryer pulu gətirəndə sifarişdə <strong>Ödənildi kimi qeyd et</strong> düyməsini basın.</p>`,
  },
  en: {
    title: 'Orders: numbers, fulfilment and refunds',
    summary: 'How orders are numbered, how you send them and how you give money back.',
    body: `<p>An order appears under <strong>Orders</strong> once the shopper has paid, and the shopper gets a confirmation e-mail in their own language.</p>
<h2>Order numbers</h2>
<p>Orders are numbered from #1001. To add a prefix or a suffix (for example <em>HC-1001</em>), open the “Order settings” card under <strong>Settings → General</strong>. The change applies to the next orders; orders already placed keep their IDs.</p>
<h2>Finding an order</h2>
<p>The views at the top split your orders into <strong>All</strong>, <strong>Unfulfilled</strong> (waiting to be sent), <strong>Open</strong> and <strong>Closed</strong>. You can search by order number, customer or e-mail, filter by payment status, fulfilment status and date, and export the list as CSV.</p>
<h2>Fulfilling an order</h2>
<ol>
<li>Open the order and press <strong>Fulfil items</strong>.</li>
<li>Choose how many units of each item you are sending now; an order can go out in parts.</li>
<li>Leave “Tell the shopper by e-mail” on to let them know it is on its way.</li>
</ol>
<p>If you sell digital goods or services, turn on “Fulfil line items automatically after payment” in the same Order settings card.</p>
<h2>Refunds</h2>
<p>With <strong>Refund</strong> you choose the amount (up to what is left to refund), the units that go back to stock and a reason for your records. The money returns to the shopper's card. The card fee is not given back: the provider keeps it.</p>
<h2>Cash on delivery</h2>
<p>Such an order arrives unpaid, with its stock taken at once. When the courier brings the cash, press <strong>Mark as paid</strong> on the order.</p>`,
  },
  ru: {
    title: 'Заказы: номера, выполнение и возвраты',
    summary: 'Как нумеруются заказы, как их отправлять и как вернуть покупателю деньги.',
    body: `<p>Заказ появляется в разделе <strong>«Заказы»</strong> после оплаты, а покупатель получает письмо-подтверждение на своём языке.</p>
<h2>Номера заказов</h2>
<p>Нумерация начинается с #1001. Префикс или суффикс (например, <em>SV-1001</em>) задаётся в карточке «Настройки заказов» на странице <strong>Настройки → Общие</strong>. Новый формат получат следующие заказы, у оформленных номера не меняются.</p>
<h2>Список заказов</h2>
<p>Вкладки вверху делят заказы на <strong>«Все»</strong>, <strong>«Невыполненные»</strong> (их нужно отправить), <strong>«Открытые»</strong> и <strong>«Закрытые»</strong>. Есть поиск по номеру, покупателю и e-mail, фильтры по статусу оплаты, выполнения и дате, а также экспорт в CSV.</p>
<h2>Как выполнить заказ</h2>
<ol>
<li>Откройте заказ и нажмите <strong>«Выполнить товары»</strong>.</li>
<li>Укажите, сколько единиц каждого товара вы отправляете сейчас: заказ можно отправлять частями.</li>
<li>Оставьте включённым «Сообщить покупателю по e-mail» — он узнает, что посылка в пути.</li>
</ol>
<p>Если вы продаёте цифровые товары или услуги, включите там же, в «Настройках заказов», автоматическое выполнение после оплаты.</p>
<h2>Возврат денег</h2>
<p>Кнопка <strong>«Вернуть деньги»</strong> открывает форму: сумма (не больше, чем ещё можно вернуть), товары, которые возвращаются на склад, и причина — для ваших записей. Деньги уходят на карту покупателя. Комиссия за платёж при этом не возвращается: её оставляет провайдер.</p>
<h2>Оплата наличными при доставке</h2>
<p>Такой заказ приходит неоплаченным, товар сразу списывается со склада. Когда курьер привезёт деньги, нажмите в заказе <strong>«Отметить оплаченным»</strong>.</p>`,
  },
});

const PAYMENTS = help('payments', {
  az: {
    title: 'Kart ödənişləri, komissiya və köçürmələr',
    summary: 'Alıcının ödədiyi pulun bank hesabınıza nə vaxt və hansı komissiya ilə çatdığı.',
    body: `<p>Alıcılar sifarişin rəsmiləşdirilməsində kartla, manatla ödəyir. Kart məlumatları ödəniş provayderinin təhlükəsiz səhifəsində daxil edilir: nə siz, nə əməkdaşlarınız, nə də bizim komanda kart nömrəsini görür — sifarişdə yalnız gizlədilmiş nömrə (məsələn, 424242******4242) qalır.</p>
<h2>Komissiya</h2>
<p>Hər kart ödənişindən 3,5% + 0,20 ₼ tutulur; sifariş başına başqa ödəniş yoxdur. 100 ₼-lıq sifarişdə komissiya 3,70 ₼ olur, sizə 96,30 ₼ çatır. Pulu qaytardıqda komissiya geri qayıtmır.</p>
<h2>Pul nə vaxt gəlir</h2>
<ol>
<li>Ödənilmiş sifariş əvvəlcə <strong>Gözləmədə</strong> balansına düşür.</li>
<li>Sifarişi icra etdikdən sonra 7 gün geri qaytarmalar üçün saxlanılır.</li>
<li>Ondan sonrakı çərşənbə (Bakı vaxtı ilə) məbləğ <strong>Əlçatan</strong> olur və növbəti köçürmə ilə bank hesabınıza göndərilir.</li>
</ol>
<p>Köçürmə qrafikini özünüz seçirsiniz: həftəlik (hər çərşənbə), iki həftədən bir və ya aylıq (ayın ilk çərşənbəsi). 10 ₼-dan az məbləğ növbəti köçürməyə qalır.</p>
<h2>Bank rekvizitləri</h2>
<p>Rekvizitləri <strong>Tənzimləmələr → Balans və ödənişlər</strong> səhifəsində yazın: VÖEN, bankın adı, bankın VÖEN-i, bank kodu, müxbir hesab, SWIFT və hesablaşma hesabı (IBAN). Yadda saxlayanda şifrəniz soruşulur və sizə dəyişiklik barədə məktub gəlir. Rekvizitləri yalnız mağazanın sahibi görür və dəyişir.</p>
<h2>Hər köçürmənin tərkibi</h2>
<p>Eyni səhifədə köçürmələrin siyahısı var: statusa, tarixə və məbləğə görə filtr, CSV və XLSX ixracı. Hər köçürməni açanda onun sətirləri görünür — hər sifariş, geri qaytarma və komissiya, cəmi köçürülən məbləğə bərabər. Bank köçürməni qaytarsa, pul yenidən «Əlçatan» balansa düşür və növbəti dəfə göndərilir.</p>
<p>Qapıda nağd ödənilən sifarişlərin pulu onsuz da sizdədir: o, balansa və köçürmələrə daxil deyil, komissiyası da yoxdur.</p>`,
  },
  en: {
    title: 'Card payments, fees and payouts',
    summary: 'When the money shoppers pay reaches your bank account, and what it costs.',
    body: `<p>Shoppers pay by card, in manat, at checkout. They type their card details on the payment provider's secure page: you, your employees and our team never see a card number — the order keeps only its masked form, such as 424242******4242.</p>
<h2>Fees</h2>
<p>Each card payment costs 3.5% + 0.20 ₼, and there is no other charge per order. On a 100 ₼ order the fee is 3.70 ₼ and 96.30 ₼ comes to you. When you refund an order, the fee is not given back.</p>
<h2>When the money arrives</h2>
<ol>
<li>A paid order first adds to your <strong>Pending</strong> balance.</li>
<li>Once you fulfil it, it is held for 7 days in case of returns.</li>
<li>On the next Wednesday (Baku time) it becomes <strong>Available</strong> and goes to your bank account with your next payout.</li>
</ol>
<p>You choose the schedule: weekly (every Wednesday), every two weeks, or monthly (the first Wednesday of the month). Less than 10 ₼ waits for the next payout.</p>
<h2>Bank details</h2>
<p>Enter them under <strong>Settings → Balance and payouts</strong>: your tax number (VÖEN), the bank, the bank's VÖEN, the bank code, the correspondent account, SWIFT and your settlement account (IBAN). Saving asks for your password, and we e-mail you about the change. Only the store's owner sees and changes them.</p>
<h2>What each payout holds</h2>
<p>The same page lists your payouts, with filters by status, date and amount and an export to CSV or XLSX. Open one to see its lines — every order, refund and fee in it, adding up to the amount paid. If the bank sends a payout back, the money returns to your available balance and goes out with the next one.</p>
<p>Cash you collect on delivery is already yours: it is not part of your balance or payouts, and no card fee is taken from it.</p>`,
  },
  ru: {
    title: 'Оплата картой, комиссии и выплаты',
    summary: 'Когда деньги покупателей приходят на ваш банковский счёт и сколько это стоит.',
    body: `<p>Покупатели платят картой в манатах прямо при оформлении заказа. Данные карты вводятся на защищённой странице платёжного провайдера, поэтому номера карты не видит никто — ни вы, ни ваши сотрудники, ни наша команда. В заказе остаётся только маска вроде 424242******4242.</p>
<h2>Комиссия</h2>
<p>С каждого платежа картой удерживается 3,5% + 0,20 ₼, других сборов с заказа нет. С заказа на 100 ₼ комиссия составит 3,70 ₼, вам придёт 96,30 ₼. При возврате денег покупателю комиссия не возвращается.</p>
<h2>Когда приходят деньги</h2>
<ol>
<li>Оплаченный заказ сначала попадает в баланс <strong>«В ожидании»</strong>.</li>
<li>После того как вы выполните заказ, деньги 7 дней удерживаются на случай возврата.</li>
<li>В ближайшую после этого среду (по бакинскому времени) сумма становится <strong>«Доступно»</strong> и уходит на ваш счёт со следующей выплатой.</li>
</ol>
<p>Частоту выплат выбираете вы: еженедельно (каждую среду), раз в две недели или ежемесячно (в первую среду месяца). Сумма меньше 10 ₼ переносится на следующую выплату.</p>
<h2>Банковские реквизиты</h2>
<p>Реквизиты указываются на странице <strong>Настройки → Баланс и выплаты</strong>: VÖEN, название банка, VÖEN банка, код банка, корреспондентский счёт, SWIFT и расчётный счёт (IBAN). При сохранении спрашивается пароль, а на почту приходит уведомление об изменении. Видит и меняет реквизиты только владелец магазина.</p>
<h2>Из чего состоит выплата</h2>
<p>Там же — список выплат с фильтрами по статусу, дате и сумме и экспортом в CSV или XLSX. В каждой выплате можно посмотреть строки: заказы, возвраты и комиссии, которые в сумме дают перечисленное. Если банк вернул выплату, деньги снова появятся в доступном балансе и уйдут со следующей.</p>
<p>Наличные, полученные курьером при доставке, и так уже ваши: они не входят в баланс и выплаты, комиссия с них не берётся.</p>`,
  },
});

const SHIPPING = help('shipping', {
  az: {
    title: 'Çatdırılma tarifləri sifarişdə necə işləyir',
    summary: 'Alıcıya hansı tariflərin göstərildiyi və qiymətin necə hesablandığı.',
    body: `<p>Sifarişi rəsmiləşdirərkən alıcı ünvanını yazır, siyahıdan rayon və ya şəhəri seçir, sonra çatdırılma tarifini seçir. Ona yalnız bu sifarişə uyğun gələn tariflər göstərilir.</p>
<h2>Tarif nə vaxt göstərilir</h2>
<ul>
<li>Tarifdə <strong>Sifarişdə təklif et</strong> açıqdır.</li>
<li>Alıcının şəhəri və ya rayonu tarifin çatdırılma zonasındadır. Zona boşdursa, tarif bütün Azərbaycana aiddir.</li>
<li>Şərti tarifdə sifariş şərtə uyğundur: məbləğ və ya çəki göstərdiyiniz minimum və maksimum arasındadır. Hər iki hədd daxildir; birini boş qoysanız, o tərəfdən hədd olmur.</li>
</ul>
<p>Heç bir tarif aktiv deyilsə, alıcı çatdırılma seçə bilmir və sifarişi tamamlaya bilmir. Ona görə ilk satışdan əvvəl ən azı bir tarif yaradın.</p>
<h2>Tarif növləri</h2>
<p><strong>Sabit tarif</strong> hər sifariş üçün eyni qiymətdir. <strong>Şərti tarif</strong> yalnız sifariş məbləği və ya çəkisi müəyyən aralıqda olanda təklif olunur. İstənilən tarifi <strong>Pulsuz çatdırılma</strong> edə bilərsiniz. Məsələn, «100 ₼-a qədər — 8 ₼» və «100 ₼-dan — pulsuz» iki şərti tarifdir.</p>
<h2>Çəkiyə görə qiymət</h2>
<p>Sifarişin çəkisi məhsul kartlarındakı çəkilərin cəmidir (qramla). Çəkisi yazılmayan məhsul 0 sayılır, ona görə çəkiyə görə tarif istifadə edirsinizsə, bütün məhsullara çəki yazın.</p>
<h2>Bilmək faydalıdır</h2>
<ul>
<li>Çatdırılma müddətini gün ilə göstərin («1–2 gün»): alıcı onu tarifin yanında görür.</li>
<li>Tarifi dəyişmək və ya silmək artıq verilmiş sifarişlərə təsir etmir: onlar öz çatdırılma qiymətini saxlayır.</li>
<li>Qapıda nağd ödənişi <strong>Ödəniş üsulları</strong> səhifəsində bütün tariflər və ya yalnız seçdikləriniz üçün aça bilərsiniz.</li>
</ul>`,
  },
  en: {
    title: 'How delivery rates work at checkout',
    summary: 'Which rates a shopper is offered and how the delivery price is worked out.',
    body: `<p>At checkout the shopper enters their address, picks their region (a district or city) from the list and then chooses a delivery rate. They see only the rates that fit this particular order.</p>
<h2>When a rate is offered</h2>
<ul>
<li>Its <strong>Offer at checkout</strong> switch is on.</li>
<li>The shopper's city or district is in the rate's delivery zone. An empty zone means all of Azerbaijan.</li>
<li>For a conditional rate, the order meets its condition: the order total or weight is between the minimum and maximum you set. Both bounds are included; leave one empty for no limit on that side.</li>
</ul>
<p>If no rate is switched on, shoppers cannot choose a delivery and cannot finish checkout, so create at least one before your first sale.</p>
<h2>Kinds of rate</h2>
<p>A <strong>flat rate</strong> costs the same for every order. A <strong>conditional rate</strong> is offered only when the order's total or weight is within a range. Any rate can be marked <strong>Free delivery</strong>. For example, “up to 99.99 ₼ — 8 ₼” and “from 100 ₼ — free” are two conditional rates that take over from each other.</p>
<h2>Pricing by weight</h2>
<p>An order's weight is the sum of the weights on its products, in grams. A product without a weight counts as 0, so if you use weight-based rates, give every product its weight.</p>
<h2>Good to know</h2>
<ul>
<li>Give the delivery time in days (“1–2 days”): shoppers see it next to the rate.</li>
<li>Changing or deleting a rate does not touch orders already placed: they keep their delivery price.</li>
<li>Cash on delivery can be offered on the <strong>Payments</strong> settings page, with every rate or only the ones you choose.</li>
</ul>`,
  },
  ru: {
    title: 'Как тарифы доставки работают при оформлении заказа',
    summary: 'Какие тарифы видит покупатель и как считается стоимость доставки.',
    body: `<p>При оформлении заказа покупатель указывает адрес, выбирает из списка район или город и затем — тариф доставки. В списке только те тарифы, которые подходят именно этому заказу.</p>
<h2>Когда тариф показывается</h2>
<ul>
<li>У тарифа включено <strong>«Предлагать при оформлении заказа»</strong>.</li>
<li>Город или район покупателя входит в зону доставки тарифа. Пустая зона — значит, весь Азербайджан.</li>
<li>Для тарифа с условием заказ ему соответствует: сумма или вес заказа лежит между заданными минимумом и максимумом. Обе границы включаются; если одну оставить пустой, ограничения с этой стороны нет.</li>
</ul>
<p>Если не включён ни один тариф, покупатель не сможет выбрать доставку и завершить заказ. Поэтому до первой продажи создайте хотя бы один.</p>
<h2>Виды тарифов</h2>
<p><strong>Фиксированный</strong> тариф стоит одинаково для любого заказа. Тариф <strong>с условием</strong> предлагается, только когда сумма или вес заказа попадают в диапазон. Любой тариф можно сделать бесплатным. Например, «до 99,99 ₼ — 8 ₼» и «от 100 ₼ — бесплатно» — это два тарифа с условием, которые сменяют друг друга.</p>
<h2>Доставка по весу</h2>
<p>Вес заказа — это сумма веса товаров из их карточек, в граммах. Товар без указанного веса считается невесомым, так что при тарифах по весу заполните вес у всех товаров.</p>
<h2>Полезно знать</h2>
<ul>
<li>Укажите срок доставки в днях («1–2 дня») — покупатель увидит его рядом с тарифом.</li>
<li>Изменение или удаление тарифа не затрагивает уже оформленные заказы: у них остаётся прежняя стоимость доставки.</li>
<li>Оплату наличными при доставке можно включить на странице настроек <strong>«Платежи»</strong> — для всех тарифов или только для выбранных.</li>
</ul>`,
  },
});

const DOMAINS = help('domains', {
  az: {
    title: 'Öz domeninizi qoşun',
    summary: 'Mağazanı shop.example.az kimi öz ünvanınızda açmaq üçün iki DNS qeydi kifayətdir.',
    body: `<p>Mağazanız həmişə platformadakı ünvanında işləyir. Öz domeniniz olsa, alıcılar onu, məsələn, <strong>shop.example.az</strong> ünvanında açacaq. Domeni istənilən domen şirkətindən alırsınız — o, həmin şirkətdə qalır; burada yalnız onu mağazaya qoşursunuz.</p>
<h2>Addımlar</h2>
<ol>
<li><strong>Tənzimləmələr → Domenlər</strong> səhifəsində yalnız domeni yazın (<em>shop.example.az</em> və ya <em>www.example.az</em>, «https://» olmadan) və <strong>Domen əlavə et</strong> düyməsini basın.</li>
<li>Domeni aldığınız şirkətin saytında DNS tənzimləmələrini açın. Ad serverlərini başqa xidmətə (hostinq, Cloudflare) köçürmüsünüzsə, qeydləri orada yaradın.</li>
<li>Domenlər səhifəsinin göstərdiyi iki qeydi yaradın: domeni mağazaya yönəldən qeyd (alt domen üçün CNAME, <em>example.az</em> kimi çılpaq domen üçün A qeydi) və domenin sizin olduğunu sübut edən TXT qeydi (<em>_shop-builder.</em> ilə başlayan ad və kod).</li>
<li>Gözləyin. DNS dəyişikliklərinin hər yerə çatması 5 dəqiqədən 24 saatadək çəkir. Bir həftə ərzində bir neçə dəqiqədən bir özümüz yoxlayırıq; dərhal yoxlamaq üçün <strong>İndi yoxla</strong> düyməsini basın.</li>
</ol>
<p>Qeydlər tapılanda domen <strong>Təsdiqlənib</strong> olur. Aktiv olan təsdiqlənmiş domendə mağaza açılır, HTTPS sertifikatı isə ilk ziyarətdə avtomatik verilir.</p>
<h2>Əsas domen</h2>
<p>Bir mağazanın 10-a qədər domeni ola bilər. Birini <strong>Əsas et</strong> düyməsi ilə seçsəniz, mağazanın digər ünvanları, platformadakı da daxil olmaqla, alıcıları ora yönləndirəcək.</p>
<h2>Problem olarsa</h2>
<ul>
<li>Bir çox provayder qeydin adına domeni özü əlavə edir: onda yalnız domendən əvvəlki hissəni yazın.</li>
<li>Bir həftə ərzində qeydlər tapılmasa, avtomatik yoxlama dayanır; qeydləri düzəldib «İndi yoxla» düyməsini basın.</li>
<li>Təsdiqlənmiş domenin qeydləri sonradan silinərsə, sizə xəbərdarlıq göstərilir; üç gün ərzində bərpa edilməsələr, domen mağazanı açmağı dayandırır.</li>
</ul>
<p>Domenləri yalnız mağazanın sahibi idarə edir.</p>`,
  },
  en: {
    title: 'Connect your own domain',
    summary: 'Two DNS records are all it takes to open your store at an address of your own, like shop.example.az.',
    body: `<p>Your store always works at its address on the platform. With a domain of your own, shoppers reach it at an address like <strong>shop.example.az</strong> instead. Buy the domain from any domain company; it stays there, and here you only connect it to your store.</p>
<h2>Steps</h2>
<ol>
<li>Under <strong>Settings → Domains</strong>, type only the domain (<em>shop.example.az</em> or <em>www.example.az</em>, without “https://”) and press <strong>Add domain</strong>.</li>
<li>Sign in where you bought the domain and open its DNS settings. If you moved its nameservers to another service, such as your hosting or Cloudflare, add the records there.</li>
<li>Create the two records the Domains page shows: one that points the domain at your store (a CNAME for a subdomain, an A record for a bare domain such as <em>example.az</em>) and a TXT record that proves the domain is yours (a name starting with <em>_shop-builder.</em> and a code).</li>
<li>Wait. DNS changes take from 5 minutes to 24 hours to reach everyone. We check by ourselves every few minutes for a week; press <strong>Check now</strong> to check at once.</li>
</ol>
<p>When the records are found, the domain is <strong>Verified</strong>. A verified domain that is switched on opens your store, and HTTPS turns on by itself: the certificate is issued on the first visit.</p>
<h2>The primary domain</h2>
<p>A store can have up to 10 domains. Press <strong>Make primary</strong> on one, and your store's other addresses, the platform's included, send shoppers there.</p>
<h2>If something goes wrong</h2>
<ul>
<li>Many providers add your domain to a record's name by themselves: then type only the part before it.</li>
<li>If the records are not found within a week, automatic checks stop; fix the records and press “Check now”.</li>
<li>If a verified domain's records disappear later, you see a warning; unless they are back within three days, the domain stops opening your store.</li>
</ul>
<p>Only the store's owner manages its domains.</p>`,
  },
  ru: {
    title: 'Как подключить свой домен',
    summary: 'Чтобы магазин открывался по вашему адресу вроде shop.example.az, достаточно двух DNS-записей.',
    body: `<p>Магазин всегда доступен по своему адресу на платформе. Со своим доменом покупатели будут открывать его, например, по адресу <strong>shop.example.az</strong>. Домен покупается у любого регистратора и остаётся у него — здесь вы только подключаете его к магазину.</p>
<h2>Порядок действий</h2>
<ol>
<li>На странице <strong>Настройки → Домены</strong> введите только имя домена (<em>shop.example.az</em> или <em>www.example.az</em>, без «https://») и нажмите <strong>«Добавить домен»</strong>.</li>
<li>Зайдите в панель регистратора и откройте настройки DNS. Если серверы имён домена перенесены в другой сервис — к хостингу или в Cloudflare, — создавайте записи там.</li>
<li>Создайте две записи, которые показывает страница «Домены»: одна направляет домен на магазин (CNAME для поддомена, A-запись для домена без поддомена вроде <em>example.az</em>), другая — TXT с кодом — подтверждает, что домен ваш (её имя начинается с <em>_shop-builder.</em>).</li>
<li>Подождите. Изменения DNS расходятся от 5 минут до 24 часов. Неделю мы сами проверяем домен каждые несколько минут, а чтобы проверить сразу, нажмите <strong>«Проверить сейчас»</strong>.</li>
</ol>
<p>Когда записи найдены, домен получает статус <strong>«Подтверждён»</strong>. Подтверждённый и включённый домен открывает ваш магазин, а HTTPS включается сам: сертификат выпускается при первом посещении.</p>
<h2>Основной домен</h2>
<p>У магазина может быть до 10 доменов. Нажмите у одного из них <strong>«Сделать основным»</strong> — и остальные адреса магазина, включая адрес на платформе, будут перенаправлять покупателей туда.</p>
<h2>Если что-то не работает</h2>
<ul>
<li>Многие регистраторы сами дописывают домен к имени записи — тогда введите только часть перед ним.</li>
<li>Если за неделю записи так и не нашлись, автоматические проверки прекращаются: исправьте записи и нажмите «Проверить сейчас».</li>
<li>Если записи подтверждённого домена потом пропадут, появится предупреждение; если не вернуть их за три дня, домен перестанет открывать магазин.</li>
</ul>
<p>Домены может настраивать только владелец магазина.</p>`,
  },
});

// ─── Tutorials ────────────────────────────────────────────────────────────────────────────────

const SHIPPING_RATES = article('tutorial', {
  az: {
    title: 'Çatdırılma tariflərini qurun',
    summary: 'Bakı üçün kuryer, regionlara çatdırılma və 100 ₼-dan pulsuz çatdırılma: üç tarifi addım-addım yaradırıq.',
    body: `<p>Alıcı sifarişi yalnız çatdırılma tarifi seçdikdən sonra tamamlaya bilir, ona görə tariflər ilk satışdan əvvəl hazır olmalıdır. Bu dərsdə üç tarif yaradırıq: Bakı və Sumqayıt üçün 5 ₼-lıq kuryer, regionlara 8 ₼ və 100 ₼-dan başlayan sifarişlər üçün pulsuz çatdırılma.</p>
<h2>1. Bakı daxili kuryer</h2>
<ol>
<li>İdarə panelində <strong>Tənzimləmələr → Göndərmə və çatdırılma</strong> səhifəsini açın və <strong>Tarif əlavə et</strong> düyməsini basın.</li>
<li><strong>Ad</strong> sahəsinə «Bakı daxili kuryer» yazın — alıcı onu sifarişdə görəcək. Təsvirdə nə vaxt çatdırdığınızı qısa izah edin.</li>
<li><strong>Tarifin növü</strong> olaraq <strong>Sabit tarif</strong> seçin və qiyməti 5 ₼ yazın.</li>
<li><strong>Çatdırılma zonası</strong> sahəsində axtarışla Bakı və Sumqayıtı seçin.</li>
<li>Göndərilmə yerini (məsələn, anbarınızın ünvanını) və çatdırılma müddətini yazın: ən azı 1, ən çoxu 2 gün.</li>
<li><strong>Sifarişdə təklif et</strong> açıq olduğuna əmin olun və yadda saxlayın.</li>
</ol>
<h2>2. Regionlara çatdırılma</h2>
<ol>
<li>Yeni tarif əlavə edin, adını «Regionlara çatdırılma» qoyun.</li>
<li><strong>Şərti tarif</strong> seçin, şərtin əsası — <strong>Sifariş məbləği</strong>.</li>
<li>Minimumu boş buraxın, maksimuma 99,99 ₼ yazın; qiyməti 8 ₼ edin.</li>
<li>Zonanı boş saxlayın: heç nə seçilməyəndə tarif bütün Azərbaycana aiddir. Müddət: 2–5 gün.</li>
</ol>
<h2>3. 100 ₼-dan pulsuz çatdırılma</h2>
<ol>
<li>Daha bir şərti tarif əlavə edin: sifariş məbləği üzrə, minimum 100 ₼, maksimum boş.</li>
<li><strong>Pulsuz çatdırılma</strong> seçimini açın — alıcı çatdırılmaya heç nə ödəməyəcək.</li>
<li>Yadda saxlayın.</li>
</ol>
<h2>4. Nəticəni yoxlayın</h2>
<ol>
<li>Mağazanızı alıcı kimi açın, səbətə 100 ₼-dan az məhsul qoyun və sifarişin rəsmiləşdirilməsinə keçin.</li>
<li>«Rayon və ya şəhər» sahəsində Bakını seçin: kuryer və regionlar tarifi görünməlidir. Gəncəni seçin: yalnız regionlar tarifi qalmalıdır.</li>
<li>Səbəti 100 ₼-dan yuxarı edin: pulsuz tarif görünəcək.</li>
</ol>
<p>Çəkiyə görə hesablamaq istəsəniz, şərtin əsası olaraq <strong>Sifarişin çəkisi</strong> seçin və məhsul kartlarında çəkini doldurun.</p>`,
  },
  en: {
    title: 'Set up shipping rates',
    summary: 'A courier for Baku, delivery to the regions and free delivery from 100 ₼: three rates, step by step.',
    body: `<p>Shoppers can finish checkout only after choosing a delivery rate, so your rates must be ready before the first sale. In this tutorial we create three: a 5 ₼ courier for Baku and Sumgait, 8 ₼ delivery to the regions, and free delivery on orders from 100 ₼.</p>
<h2>1. A courier in Baku</h2>
<ol>
<li>In the control panel, open <strong>Settings → Shipping and delivery</strong> and press <strong>Add rate</strong>.</li>
<li>Name it “Courier in Baku”: shoppers see this name at checkout. In the description, say briefly when you deliver.</li>
<li>For <strong>Rate type</strong> choose <strong>Flat rate</strong> and set the price to 5 ₼.</li>
<li>In <strong>Delivery zone</strong>, search for and choose Baku and Sumgait.</li>
<li>Enter the fulfilment location (your warehouse's address, say) and the delivery time: from 1 to 2 days.</li>
<li>Check that <strong>Offer at checkout</strong> is on, and save.</li>
</ol>
<h2>2. Delivery to the regions</h2>
<ol>
<li>Add another rate and call it “Delivery to the regions”.</li>
<li>Choose <strong>Conditional rate</strong>, based on <strong>Order total</strong>.</li>
<li>Leave the minimum empty and set the maximum to 99.99 ₼; the price is 8 ₼.</li>
<li>Leave the zone empty: with nothing chosen, the rate delivers everywhere in Azerbaijan. Delivery time: 2 to 5 days.</li>
</ol>
<h2>3. Free delivery from 100 ₼</h2>
<ol>
<li>Add one more conditional rate on the order total: minimum 100 ₼, maximum empty.</li>
<li>Turn on <strong>Free delivery</strong>: shoppers pay nothing for delivery with this rate.</li>
<li>Save.</li>
</ol>
<h2>4. Check the result</h2>
<ol>
<li>Open your store as a shopper, put less than 100 ₼ worth of products in the cart and go to checkout.</li>
<li>Choose Baku as the region: both the courier and the regions rate should appear. Choose Ganja: only the regions rate remains.</li>
<li>Bring the cart above 100 ₼ and the free rate appears.</li>
</ol>
<p>To charge by weight instead, base the condition on <strong>Order weight</strong> and fill in the weight of your products.</p>`,
  },
  ru: {
    title: 'Настраиваем тарифы доставки',
    summary: 'Курьер по Баку, доставка в регионы и бесплатная доставка от 100 ₼ — три тарифа по шагам.',
    body: `<p>Покупатель не сможет оформить заказ, пока не выберет тариф доставки, поэтому тарифы нужно настроить заранее. Создадим три: курьер по Баку и Сумгаиту за 5 ₼, доставку в регионы за 8 ₼ и бесплатную доставку для заказов от 100 ₼.</p>
<h2>1. Курьер по Баку</h2>
<ol>
<li>Откройте в панели управления <strong>Настройки → Доставка</strong> и нажмите <strong>«Добавить тариф»</strong>.</li>
<li>Назовите тариф «Курьер по Баку» — это название покупатель увидит при оформлении заказа. В описании коротко напишите, когда вы привозите заказы.</li>
<li>В поле <strong>«Тип тарифа»</strong> выберите <strong>«Фиксированный»</strong> и поставьте цену 5 ₼.</li>
<li>В <strong>«Зоне доставки»</strong> найдите и отметьте Баку и Сумгаит.</li>
<li>Укажите место отправки (например, адрес склада) и срок: от 1 до 2 дней.</li>
<li>Проверьте, что включено <strong>«Предлагать при оформлении заказа»</strong>, и сохраните.</li>
</ol>
<h2>2. Доставка в регионы</h2>
<ol>
<li>Добавьте ещё один тариф — «Доставка в регионы».</li>
<li>Выберите тип <strong>«С условием»</strong>, условие — по <strong>сумме заказа</strong>.</li>
<li>Минимум оставьте пустым, в максимум впишите 99,99 ₼, цена — 8 ₼.</li>
<li>Зону не заполняйте: если ничего не выбрано, доставка идёт по всему Азербайджану. Срок — от 2 до 5 дней.</li>
</ol>
<h2>3. Бесплатно от 100 ₼</h2>
<ol>
<li>Создайте третий тариф с условием по сумме заказа: минимум 100 ₼, максимум пустой.</li>
<li>Включите <strong>«Бесплатная доставка»</strong>.</li>
<li>Сохраните.</li>
</ol>
<h2>4. Проверяем</h2>
<ol>
<li>Откройте магазин как покупатель, положите в корзину товаров меньше чем на 100 ₼ и перейдите к оформлению.</li>
<li>В поле «Район или город» выберите Баку — должны появиться курьер и доставка в регионы. Выберите Гянджу — останется только доставка в регионы.</li>
<li>Доберите корзину до 100 ₼ и больше — появится бесплатный тариф.</li>
</ol>
<p>Если удобнее считать доставку по весу, выберите условие по <strong>весу заказа</strong> и не забудьте указать вес в карточках товаров.</p>`,
  },
});

const FIRST_PRODUCT = article('tutorial', {
  az: {
    title: 'İlk məhsulunuzu əlavə edin',
    summary: 'Kateqoriyadan başlayıb ölçü və rəng variantları olan məhsulu vitrinə çıxarırıq.',
    body: `<p>Bu dərsdə ölçü və rəngi olan bir məhsul — məsələn, pambıq köynək — əlavə edib onu vitrində yoxlayırıq. Başlamazdan əvvəl bir-iki yaxşı şəkil hazırlayın: açıq fonda, işıqlı, məhsul bütöv görünsün.</p>
<h2>1. Kateqoriya yaradın</h2>
<ol>
<li>Sol menyuda <strong>Kateqoriyalar</strong> bölməsini açın və <strong>Kateqoriya əlavə et</strong> düyməsini basın.</li>
<li>Ad yazın, məsələn, «Köynəklər». Təsvir və şəkil istəyə bağlıdır.</li>
<li>Yadda saxlayın. Hər məhsul bir kateqoriyaya aid olmalıdır, ona görə bu addımı keçmək olmaz.</li>
</ol>
<h2>2. Əsas məlumatlar</h2>
<ol>
<li><strong>Məhsullar</strong> səhifəsində <strong>Məhsul əlavə et</strong> düyməsini basın.</li>
<li><strong>Başlıq</strong> və <strong>Təsvir</strong> yazın: parça, ölçülər, baxım qaydası — alıcının soruşacağı hər şey.</li>
<li><strong>Şəkillər</strong> bölməsinə şəkilləri atın. Birinci şəkil əsasdır; sıranı sürüşdürərək dəyişin.</li>
</ol>
<h2>3. Qiymət və stok</h2>
<ol>
<li><strong>Qiymət</strong> sahəsinə manatla qiyməti yazın. Endirim göstərmək istəyirsinizsə, <strong>Müqayisə qiyməti</strong> sahəsinə əvvəlki, daha yüksək qiyməti yazın.</li>
<li><strong>Miqdarı izlə</strong> seçimini açıq saxlayın ki, satışlar stokdan çıxılsın.</li>
<li>SKU və barkod lazımdırsa, «Bu məhsulun SKU və ya barkodu var» seçimini açın.</li>
</ol>
<h2>4. Ölçü və rəng</h2>
<ol>
<li><strong>Seçimlər və variantlar</strong> bölməsində «Ölçü» seçimini əlavə edin və dəyərləri yazın: S, M, L (hər birindən sonra Enter).</li>
<li>İkinci seçim «Rəng» olsun: Ağ, Mavi. Altı variant avtomatik yaranacaq.</li>
<li>Cədvəldə hər variantın stokunu yazın; lazım olsa qiymətini və şəklini dəyişin.</li>
</ol>
<h2>5. Təşkil və dərc</h2>
<ol>
<li><strong>Kateqoriya</strong> sahəsində «Köynəklər»i seçin.</li>
<li>Çəkiyə görə çatdırılma istifadə edəcəksinizsə, <strong>Çəki</strong> sahəsinə qramla çəkini yazın.</li>
<li><strong>Status</strong> «Aktiv» olsun və <strong>Məhsulu yadda saxla</strong> düyməsini basın.</li>
<li>Mağazanızı yeni pəncərədə açın və məhsulun necə göründüyünü yoxlayın.</li>
</ol>`,
  },
  en: {
    title: 'Add your first product',
    summary: 'From a category to a product with sizes and colours, live in your storefront.',
    body: `<p>In this tutorial we add a product that comes in sizes and colours — a cotton shirt, say — and check it in the storefront. Before you start, have one or two good photos ready: bright, on a plain background, with the whole product in view.</p>
<h2>1. Create a category</h2>
<ol>
<li>In the menu on the left, open <strong>Categories</strong> and press <strong>Add category</strong>.</li>
<li>Give it a name, such as “Shirts”. A description and an image are optional.</li>
<li>Save. Every product belongs to a category, so this step can't be skipped.</li>
</ol>
<h2>2. The basics</h2>
<ol>
<li>On the <strong>Products</strong> page, press <strong>Add product</strong>.</li>
<li>Write the <strong>Title</strong> and the <strong>Description</strong>: fabric, sizing, care — whatever a shopper would ask you.</li>
<li>Drop your photos on <strong>Images</strong>. The first one is the main image; drag to change the order.</li>
</ol>
<h2>3. Price and stock</h2>
<ol>
<li>Enter the <strong>Price</strong> in manat. To show a reduction, put the former, higher price in <strong>Compare-at price</strong>.</li>
<li>Keep <strong>Track quantity</strong> on so that sales come off your stock.</li>
<li>If you use SKUs or barcodes, turn on “This product has a SKU or barcode”.</li>
</ol>
<h2>4. Sizes and colours</h2>
<ol>
<li>Under <strong>Options and variants</strong>, add an option “Size” with the values S, M and L (press Enter after each).</li>
<li>Add a second option “Colour” with White and Blue. Six variants appear by themselves.</li>
<li>In the table, enter each variant's stock; change its price or image if it differs.</li>
</ol>
<h2>5. Organise and publish</h2>
<ol>
<li>Choose “Shirts” under <strong>Category</strong>.</li>
<li>If you will charge delivery by weight, enter the <strong>Weight</strong> in grams.</li>
<li>Leave <strong>Status</strong> on Active and press <strong>Save product</strong>.</li>
<li>Open your store in a new tab and see how the product looks to shoppers.</li>
</ol>`,
  },
  ru: {
    title: 'Добавляем первый товар',
    summary: 'От категории до товара с размерами и цветами, который уже виден на витрине.',
    body: `<p>Разберём, как добавить товар с размерами и цветами — например, хлопковую рубашку — и проверить его на витрине. Заранее подготовьте пару хороших фотографий: светлых, на однотонном фоне, где товар виден целиком.</p>
<h2>1. Категория</h2>
<ol>
<li>В меню слева откройте <strong>«Категории»</strong> и нажмите <strong>«Добавить категорию»</strong>.</li>
<li>Введите название, например «Рубашки». Описание и картинка — по желанию.</li>
<li>Сохраните. Без категории товар создать нельзя, так что этот шаг обязателен.</li>
</ol>
<h2>2. Основное</h2>
<ol>
<li>На странице <strong>«Товары»</strong> нажмите <strong>«Добавить товар»</strong>.</li>
<li>Заполните <strong>название</strong> и <strong>описание</strong>: ткань, размерная сетка, уход — всё, о чём покупатель спросил бы вас в переписке.</li>
<li>Перетащите фотографии в блок <strong>«Изображения»</strong>. Первое станет главным, порядок меняется перетаскиванием.</li>
</ol>
<h2>3. Цена и остаток</h2>
<ol>
<li>Укажите <strong>цену</strong> в манатах. Чтобы показать скидку, впишите прежнюю, более высокую цену в <strong>«Цену до скидки»</strong>.</li>
<li>Оставьте включённым <strong>«Отслеживать количество»</strong> — продажи будут списываться со склада.</li>
<li>Если у вас есть артикулы или штрихкоды, включите соответствующую галочку.</li>
</ol>
<h2>4. Размеры и цвета</h2>
<ol>
<li>В блоке <strong>«Опции и варианты»</strong> добавьте опцию «Размер» со значениями S, M, L (после каждого — Enter).</li>
<li>Вторая опция — «Цвет»: белый и голубой. Шесть вариантов появятся автоматически.</li>
<li>В таблице укажите остаток каждого варианта, а при необходимости — свою цену и фотографию.</li>
</ol>
<h2>5. Категория и публикация</h2>
<ol>
<li>В поле <strong>«Категория»</strong> выберите «Рубашки».</li>
<li>Если доставка будет считаться по весу, укажите <strong>вес</strong> в граммах.</li>
<li>Оставьте статус «Активен» и нажмите <strong>«Сохранить товар»</strong>.</li>
<li>Откройте магазин в новой вкладке и посмотрите, как товар выглядит для покупателя.</li>
</ol>`,
  },
});

// ─── Blog ─────────────────────────────────────────────────────────────────────────────────────

const WHY = article('blog', {
  az: {
    title: 'Shop builder-i niyə yaratdıq',
    summary: 'Azərbaycanda onlayn satış mesajlar, kartdan karta köçürmələr və cədvəllər arasında qaçış olmamalıdır.',
    body: `<p>Azərbaycanda çox sahibkar artıq onlayn satır, amma əsasən mesajlarla. Alıcı Instagram-da şəkil görür, qiyməti və ölçünü soruşur, cavab gözləyir, pulu kartdan karta köçürür, sonra yenə yazır ki, kuryer nə vaxt gələcək. Satıcı isə qalığı yadında, sifarişləri yazışmalarda saxlayır. Bu, sifarişlər çoxalana qədər işləyir.</p>
<p>Shop builder-i ona görə yaratdıq ki, satıcı proqramçısız, bir gündə əsl mağaza açsın və onu bir idarə panelindən idarə etsin.</p>
<h2>Buranın reallığına uyğun</h2>
<ul>
<li><strong>Manatla qiymət, kartla ödəniş.</strong> Alıcı ödəniş provayderinin təhlükəsiz səhifəsində ödəyir, bank təsdiqləyən kimi sifariş ödənilmiş olur. Kart nömrəsini nə siz, nə əməkdaşlarınız, nə də biz görürük.</li>
<li><strong>Üç dil.</strong> İdarə paneli, vitrinin düymələri, sifarişin rəsmiləşdirilməsi və alıcıya gedən məktublar Azərbaycan, ingilis və rus dillərindədir.</li>
<li><strong>Yerli çatdırılma.</strong> Tariflər şəhər və rayonlar üzrə qurulur: Bakı, Sumqayıt, Gəncə və digər regionlar üçün sabit qiymət, müəyyən məbləğdən pulsuz və ya çəkiyə görə.</li>
<li><strong>Pul yerli bank hesabına.</strong> İcra etdiyiniz sifarişlərin pulu çərşənbə günləri mağazanın VÖEN və IBAN ilə göstərilmiş hesabına köçürülür.</li>
</ul>
<h2>Pul məsələsində şəffaflıq</h2>
<p>Kartla hər ödəniş 3,5% + 0,20 ₼ tutur, sifariş sizə bundan artıq başa gəlmir: 100 ₼-lıq sifarişdən sizə 96,30 ₼ qalır. Mağazanın özü 14 günlük pulsuz sınaqdan sonra ayda 29 ₼-dır. Balans səhifəsində nəyin gözləmədə, nəyin əlçatan olduğunu, nəyin banka yolda olduğunu görürsünüz, hər köçürməni isə sətir-sətir aça bilərsiniz: içində hansı sifarişlər, geri qaytarmalar və komissiyalar var.</p>
<h2>Böyümək üçün yer</h2>
<p>İlk sifarişlərdən sonra lazım olacaq hər şey artıq var: endirim kodları, pop-up pəncərələr və geri sayımlı dəstlər; şablonları, rəng palitraları, şriftləri və bölmələri olan dizayn redaktoru; öz domeniniz; Meta Pixel, Google Analytics, Yandex Metrica və Microsoft Clarity; yalnız sizin verdiyiniz səlahiyyətlə işləyən əməkdaşlar.</p>
<p>Bu bloqda nələri əlavə etdiyimizi və satıcılardan nə öyrəndiyimizi yazacağıq. Bir şey mane olursa, bizə deyin — məhsul belə yaxşılaşır.</p>`,
  },
  en: {
    title: 'Why we built Shop builder',
    summary:
      'Selling online in Azerbaijan should not mean juggling direct messages, card-to-card transfers and spreadsheets.',
    body: `<p>Plenty of businesses in Azerbaijan already sell online, mostly through direct messages. A shopper sees a photo on Instagram, writes to ask the price and the size, waits for an answer, sends the money by card-to-card transfer, then writes again to ask when the courier will come. The seller keeps the stock in their head and the orders in chat threads. It works — until the orders pile up.</p>
<p>We built Shop builder so that a seller can open a real store in a day, with no developer, and run it from one control panel.</p>
<h2>Made for selling here</h2>
<ul>
<li><strong>Prices in manat, payment by card.</strong> Shoppers pay on the payment provider's secure page, and the order is paid the moment the bank approves. Neither you, your employees nor we ever see a card number.</li>
<li><strong>Three languages.</strong> The control panel, the storefront's buttons, checkout and the e-mails shoppers receive come in Azerbaijani, English and Russian.</li>
<li><strong>Local delivery.</strong> Rates are set by city and district — Baku, Sumgait, Ganja and the regions — as a flat price, free above an order total, or by weight.</li>
<li><strong>Money to a local bank account.</strong> Fulfilled orders are paid out on Wednesdays to your store's account, identified by its VÖEN and IBAN.</li>
</ul>
<h2>Plain about money</h2>
<p>A card payment costs 3.5% + 0.20 ₼, and an order costs you nothing more: on a 100 ₼ order, 96.30 ₼ is yours. The store itself is 29 ₼ a month after a 14-day free trial. Your balance page shows what is pending, what is available and what is on its way to the bank, and any payout opens line by line: the orders, refunds and fees in it.</p>
<h2>Room to grow</h2>
<p>Once the first orders arrive, the rest is already there: discount codes, pop-ups and bundles with a countdown; a theme editor with templates, colour palettes, fonts and home-page sections; your own domain; Meta Pixel, Google Analytics, Yandex Metrica and Microsoft Clarity; employees who see only what you give them.</p>
<p>On this blog we will write about what we add and what we learn from sellers. If something gets in your way, tell us — that is how the product gets better.</p>`,
  },
  ru: {
    title: 'Зачем мы сделали Shop builder',
    summary: 'Продавать онлайн в Азербайджане можно и без бесконечной переписки, переводов с карты на карту и таблиц.',
    body: `<p>Многие в Азербайджане уже продают онлайн — но в основном через директ. Покупатель видит фото в Instagram, пишет, чтобы узнать цену и размер, ждёт ответа, переводит деньги с карты на карту, а потом снова пишет: когда приедет курьер? Продавец держит остатки в голове, а заказы — в переписках. Всё это работает, пока заказов немного.</p>
<p>Мы сделали Shop builder, чтобы открыть настоящий магазин можно было за день, без программиста, и вести его из одной панели управления.</p>
<h2>Сделано для местного рынка</h2>
<ul>
<li><strong>Цены в манатах, оплата картой.</strong> Покупатель платит на защищённой странице платёжного провайдера, и заказ считается оплаченным, как только банк подтвердит платёж. Номер карты не видим ни вы, ни ваши сотрудники, ни мы.</li>
<li><strong>Три языка.</strong> Панель управления, кнопки витрины, оформление заказа и письма покупателям — на азербайджанском, английском и русском.</li>
<li><strong>Доставка по-местному.</strong> Тарифы настраиваются по городам и районам — Баку, Сумгаит, Гянджа, регионы: фиксированная цена, бесплатно от определённой суммы или по весу.</li>
<li><strong>Деньги — на местный банковский счёт.</strong> За выполненные заказы выплаты приходят по средам на счёт магазина с его VÖEN и IBAN.</li>
</ul>
<h2>Прозрачно с деньгами</h2>
<p>Платёж картой стоит 3,5% + 0,20 ₼, и больше заказ вам ничего не стоит: с заказа на 100 ₼ вы получаете 96,30 ₼. Сам магазин — 29 ₼ в месяц после 14 бесплатных дней. На странице баланса видно, что ещё в ожидании, что доступно и что уже едет в банк, а любую выплату можно раскрыть построчно: какие заказы, возвраты и комиссии в неё вошли.</p>
<h2>Есть куда расти</h2>
<p>Когда пойдут первые заказы, всё нужное уже под рукой: промокоды, всплывающие окна и наборы с обратным отсчётом; редактор оформления с шаблонами, палитрами, шрифтами и разделами главной; собственный домен; Meta Pixel, Google Analytics, Яндекс Метрика и Microsoft Clarity; сотрудники, которые видят только то, что вы им открыли.</p>
<p>В этом блоге мы будем рассказывать, что добавили и чему научились у продавцов. Если что-то мешает работать — напишите нам: так продукт и становится лучше.</p>`,
  },
});

const FIVE_THINGS = article('blog', {
  az: {
    title: 'İlk satışdan əvvəl edilməli beş iş',
    summary: 'Mağazanı alıcılara göstərməzdən əvvəl bu qısa siyahını bir axşamda tamamlaya bilərsiniz.',
    body: `<p>Mağaza yaradıldı, məhsullar yavaş-yavaş əlavə olunur və linki paylaşmaq istəyirsiniz. Tələsməyin: bu beş iş bir axşam çəkir, amma ilk alıcının təcrübəsini və ilk pulunuzun yolunu xeyli asanlaşdırır.</p>
<h2>1. Məhsulları alıcının gözü ilə yoxlayın</h2>
<p>Hər məhsulun aydın şəkli, başlığı və alıcının soruşacağı sualları cavablandıran təsviri olsun: ölçü, material, baxım. Ölçü və rəngləri variant kimi əlavə edin və hər variantın stokunu yazın — onda bitmiş ölçü satılmayacaq. Çəkiyə görə çatdırılma planlaşdırırsınızsa, çəkiləri də doldurun.</p>
<h2>2. Çatdırılma tariflərini qurun</h2>
<p>Aktiv tarif olmadan alıcı sifarişi tamamlaya bilmir. <strong>Tənzimləmələr → Göndərmə və çatdırılma</strong> bölməsində ən azı bir tarif yaradın: məsələn, Bakı üçün sabit qiymətli kuryer və regionlara çatdırılma. Pulsuz çatdırılma həddi orta səbəti böyütməyin sadə yoludur.</p>
<h2>3. Pulun gələcəyi yeri göstərin</h2>
<p><strong>Tənzimləmələr → Balans və ödənişlər</strong> səhifəsində bank rekvizitlərini yazın və köçürmə qrafikini seçin: həftəlik, iki həftədən bir və ya aylıq. Rekvizit olmasa, qazanc balansda gözləyir. Eyni zamanda <strong>Ödəniş üsulları</strong> səhifəsində abunə üçün kart əlavə edin ki, 14 günlük sınaqdan sonra mağaza dayanmasın.</p>
<h2>4. Siyasətləri yazın</h2>
<p>Qaytarma, məxfilik, çatdırılma və əlaqə məlumatları alıcıda etibar yaradır. <strong>Tənzimləmələr → Siyasətlər</strong> bölməsində hər biri üçün Azərbaycan, ingilis və ya rus dilində hazır şablon var: mağazanızın adı və əlaqə məlumatları ilə doldurulur, siz yalnız öz qaydalarınıza uyğunlaşdırırsınız. Mətni olan siyasətə keçid hər səhifənin aşağısında və sifarişin rəsmiləşdirilməsində görünür.</p>
<h2>5. Mağazaya öz simanızı verin</h2>
<p><strong>Mağazanın dizaynı</strong> bölməsində şablon seçin, rəngləri və şriftləri dəyişin, ana səhifənin bölmələrini qurun — banner, seçilmiş kolleksiya, məhsullar şəbəkəsi. Ümumi tənzimləmələrdə loqo və təsvir əlavə edin. Dəyişiklikləri ön baxışda yoxlayın və <strong>Dərc et</strong> düyməsini basın.</p>
<h2>Sonra nə?</h2>
<p>Mağazanı alıcı kimi açın: məhsulu səbətə qoyun və sifarişin rəsmiləşdirilməsindən keçin. Hər şey qaydasındadırsa, linki paylaşın. İlk sifariş gələndə onu icra etməyi unutmayın — pulun banka yolu icradan sonra başlayır.</p>`,
  },
  en: {
    title: 'Five things to do before your first sale',
    summary: 'A short list you can finish in one evening before you show your store to shoppers.',
    body: `<p>Your store exists, the products are going in, and you are itching to share the link. Hold on for one evening: these five things make a shopper's first visit smoother and set up the road your money takes to your bank.</p>
<h2>1. Look at your products as a shopper would</h2>
<p>Give every product a clear photo, a plain title and a description that answers the questions shoppers ask: size, material, care. Add sizes and colours as variants with their own stock, so a size that has run out is never sold. If you plan to charge delivery by weight, fill in the weights too.</p>
<h2>2. Set up delivery rates</h2>
<p>Without an active rate, shoppers cannot finish checkout. Under <strong>Settings → Shipping and delivery</strong>, create at least one: a flat-price courier for Baku and a rate for the regions, for instance. A free-delivery threshold is an easy way to grow the average order.</p>
<h2>3. Tell us where the money goes</h2>
<p>Under <strong>Settings → Balance and payouts</strong>, enter your bank details and choose a payout schedule: weekly, every two weeks or monthly. Without bank details, your earnings wait in your balance. While you are there, add a card for the subscription on the <strong>Payments</strong> page, so the store keeps running after the 14-day trial.</p>
<h2>4. Write your policies</h2>
<p>Returns, privacy, shipping and contact details build trust. <strong>Settings → Policies</strong> has a ready template for each, in Azerbaijani, English or Russian, filled in with your store's name and contact details; adjust it to the way you work. A policy with text is linked at the foot of every page and at checkout.</p>
<h2>5. Make the store look like yours</h2>
<p>In <strong>Customize store</strong>, pick a template, adjust the colours and fonts and arrange the home page's sections: a banner, a featured collection, a product grid. Add your logo and description in the general settings. Check everything in the preview, then press <strong>Publish</strong>.</p>
<h2>And then?</h2>
<p>Open your store as a shopper: put a product in the cart and go through checkout. If all is well, share the link. When the first order arrives, remember to fulfil it — the road to your bank account starts there.</p>`,
  },
  ru: {
    title: 'Пять дел перед первой продажей',
    summary: 'Короткий список на один вечер — перед тем как показывать магазин покупателям.',
    body: `<p>Магазин создан, товары понемногу добавляются, и очень хочется поскорее поделиться ссылкой. Отложите это на один вечер: пять дел ниже сделают первый визит покупателя приятнее, а путь денег до вашего счёта — понятнее.</p>
<h2>1. Посмотрите на товары глазами покупателя</h2>
<p>У каждого товара должны быть чёткое фото, понятное название и описание, которое отвечает на типичные вопросы: размер, материал, уход. Размеры и цвета заведите как варианты со своими остатками — тогда закончившийся размер никто не купит. Если собираетесь считать доставку по весу, заполните и вес.</p>
<h2>2. Настройте доставку</h2>
<p>Без активного тарифа покупатель не сможет оформить заказ. В разделе <strong>Настройки → Доставка</strong> создайте хотя бы один тариф — скажем, курьера по Баку по фиксированной цене и доставку в регионы. Порог бесплатной доставки — простой способ увеличить средний чек.</p>
<h2>3. Укажите, куда переводить деньги</h2>
<p>На странице <strong>Настройки → Баланс и выплаты</strong> введите банковские реквизиты и выберите частоту выплат: раз в неделю, раз в две недели или раз в месяц. Пока реквизитов нет, выручка просто копится на балансе. Заодно добавьте карту для подписки на странице <strong>«Платежи»</strong>, чтобы магазин не остановился после 14 пробных дней.</p>
<h2>4. Опубликуйте правила</h2>
<p>Условия возврата, конфиденциальность, доставка и контакты вызывают доверие. В разделе <strong>Настройки → Политики</strong> для каждой есть готовый шаблон на азербайджанском, английском или русском — с названием магазина и вашими контактами; останется подогнать его под свои правила. Ссылка на заполненную политику появится внизу каждой страницы и при оформлении заказа.</p>
<h2>5. Сделайте магазин узнаваемым</h2>
<p>В <strong>«Оформлении магазина»</strong> выберите шаблон, поменяйте цвета и шрифты, соберите главную страницу из разделов: баннер, избранная коллекция, сетка товаров. Логотип и описание добавляются в общих настройках. Проверьте всё в предпросмотре и нажмите <strong>«Опубликовать»</strong>.</p>
<h2>А дальше?</h2>
<p>Откройте магазин как покупатель: положите товар в корзину и пройдите оформление заказа. Если всё в порядке — делитесь ссылкой. А когда придёт первый заказ, не забудьте его выполнить: именно с этого начинается путь денег на ваш счёт.</p>`,
  },
});

/** Every article, oldest first: the order they are created in, so that their publishing times follow it. */
export const DEMO_ARTICLES: SaveArticleInput[] = [
  ...START,
  ...PRODUCTS,
  ...ORDERS,
  ...PAYMENTS,
  ...SHIPPING,
  ...DOMAINS,
  ...SHIPPING_RATES,
  ...FIRST_PRODUCT,
  ...WHY,
  ...FIVE_THINGS,
];

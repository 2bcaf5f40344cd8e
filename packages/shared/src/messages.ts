/**
 * The message catalogue (SPEC §8) in every interface language. Server errors and field
 * validation carry a key of this catalogue; the server answers in the caller's language and
 * the web shows the same text, so a message is written once.
 */
import type { Language } from './language.js';

export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './language.js';

type Texts = Record<Language, string>;

export const messages = {
  // Storefront, cart, checkout and payment (SPEC §8 Storefront)
  ERROR_LOADING_CART: { en: 'Error loading cart', az: 'Səbəti yükləmək alınmadı', ru: 'Ошибка загрузки корзины' },
  ERROR_LOADING_CHECKOUT: {
    en: 'Error loading checkout',
    az: 'Sifarişin rəsmiləşdirilməsini yükləmək alınmadı',
    ru: 'Ошибка загрузки оформления заказа',
  },
  ERROR_LOADING_STORE: { en: 'Error loading store', az: 'Mağazanı yükləmək alınmadı', ru: 'Ошибка загрузки магазина' },
  ERROR_LOADING_SECTIONS: {
    en: 'Error loading store sections',
    az: 'Mağaza bölmələrini yükləmək alınmadı',
    ru: 'Ошибка загрузки разделов магазина',
  },
  ADD_TO_CART_FAILED: {
    en: 'Failed to add product to cart',
    az: 'Məhsulu səbətə əlavə etmək alınmadı',
    ru: 'Не удалось добавить товар в корзину',
  },
  INVALID_SESSION_MARKET_PRODUCT: {
    en: 'Invalid session, market, or product',
    az: 'Sessiya, mağaza və ya məhsul yanlışdır',
    ru: 'Неверная сессия, магазин или товар',
  },
  BUY_NOW_FAILED: {
    en: 'Failed to process buy now',
    az: '"İndi al" əməliyyatını icra etmək alınmadı',
    ru: 'Не удалось оформить покупку сейчас',
  },
  UPDATE_QUANTITY_FAILED: {
    en: 'Failed to update quantity',
    az: 'Miqdarı yeniləmək alınmadı',
    ru: 'Не удалось изменить количество',
  },
  REMOVE_ITEM_FAILED: { en: 'Failed to remove item', az: 'Məhsulu silmək alınmadı', ru: 'Не удалось удалить товар' },
  INVALID_SESSION_OR_STORE: {
    en: 'Invalid session or store',
    az: 'Sessiya və ya mağaza yanlışdır',
    ru: 'Неверная сессия или магазин',
  },
  CHECKOUT_FAILED: { en: 'Checkout failed', az: 'Sifarişi rəsmiləşdirmək alınmadı', ru: 'Не удалось оформить заказ' },
  PLACE_ORDER_FAILED: {
    en: 'Failed to place order',
    az: 'Sifarişi vermək alınmadı',
    ru: 'Не удалось разместить заказ',
  },
  PAYMENT_FAILED: { en: 'Payment Failed', az: 'Ödəniş uğursuz oldu', ru: 'Оплата не прошла' },
  TRY_AGAIN: { en: 'Try again', az: 'Yenidən cəhd edin', ru: 'Попробовать снова' },
  ADDRESS_LOOKUP_FAILED: {
    en: 'Failed to retrieve address, enter manually',
    az: 'Ünvanı tapmaq alınmadı, əl ilə daxil edin',
    ru: 'Не удалось определить адрес, введите вручную',
  },
  GEOCODING_UNAVAILABLE: {
    en: 'Geocoding service unavailable',
    az: 'Ünvan xidməti əlçatan deyil',
    ru: 'Сервис геокодирования недоступен',
  },
  BASKET_EMPTY: { en: 'Your cart is empty', az: 'Səbətiniz boşdur', ru: 'Ваша корзина пуста' },
  OUT_OF_STOCK: {
    en: 'Not enough in stock for some items',
    az: 'Bəzi məhsullardan anbarda kifayət qədər yoxdur',
    ru: 'Некоторых товаров недостаточно на складе',
  },
  PRICE_CHANGED: {
    en: 'Prices have changed. Check your order before paying',
    az: 'Qiymətlər dəyişib. Ödəməzdən əvvəl sifarişinizi yoxlayın',
    ru: 'Цены изменились. Проверьте заказ перед оплатой',
  },
  ORDER_ALREADY_PAID: {
    en: 'This order is already paid',
    az: 'Bu sifariş artıq ödənilib',
    ru: 'Этот заказ уже оплачен',
  },
  CHECKOUT_CLOSED: {
    en: 'This checkout can no longer be changed',
    az: 'Bu sifariş artıq dəyişdirilə bilməz',
    ru: 'Это оформление больше нельзя изменить',
  },
  PAYMENT_SIGNATURE_INVALID: {
    en: 'The payment result could not be verified',
    az: 'Ödəniş nəticəsini təsdiqləmək mümkün olmadı',
    ru: 'Не удалось подтвердить результат оплаты',
  },
  PAYMENT_TRANSACTION_TAKEN: {
    en: 'This payment result names a transaction that belongs to another payment',
    az: 'Bu ödəniş nəticəsində göstərilən əməliyyat başqa ödənişə aiddir',
    ru: 'В этом результате оплаты указана транзакция другого платежа',
  },
  PAYMENT_PROVIDER_ERROR: {
    en: 'The payment service did not answer. Try again',
    az: 'Ödəniş xidməti cavab vermədi. Yenidən cəhd edin',
    ru: 'Платёжный сервис не ответил. Попробуйте ещё раз',
  },
  // Cash on delivery (issue 14)
  CASH_ON_DELIVERY_UNAVAILABLE: {
    en: 'Cash on delivery is not available for this order. Choose another delivery or pay by card',
    az: 'Bu sifariş üçün qapıda nağd ödəniş mümkün deyil. Başqa çatdırılma seçin və ya kartla ödəyin',
    ru: 'Оплата наличными при доставке недоступна для этого заказа. Выберите другую доставку или оплатите картой',
  },
  CASH_ON_DELIVERY_ORDER: {
    en: 'This order is paid in cash to the courier on delivery',
    az: 'Bu sifariş çatdırılma zamanı kuryerə nağd ödənilir',
    ru: 'Этот заказ оплачивается наличными курьеру при доставке',
  },
  ORDER_PAID_BY_CARD: {
    en: 'This order is paid by card: it becomes paid when the card payment arrives',
    az: 'Bu sifariş kartla ödənilir: kart ödənişi daxil olanda ödənilmiş olur',
    ru: 'Этот заказ оплачивается картой: он станет оплаченным, когда придёт платёж по карте',
  },
  // The platform's subscription (issue 14)
  SUBSCRIPTION_NOTHING_DUE: {
    en: 'Nothing is owed: the subscription is paid',
    az: 'Borc yoxdur: abunə haqqı ödənilib',
    ru: 'Задолженности нет: подписка оплачена',
  },
  SUBSCRIPTION_CHARGE_IN_PROGRESS: {
    en: 'A payment of the subscription is already in progress. Wait a moment and reload the page',
    az: 'Abunə haqqının ödənişi artıq gedir. Bir az gözləyin və səhifəni yeniləyin',
    ru: 'Оплата подписки уже выполняется. Подождите немного и обновите страницу',
  },
  SUBSCRIPTION_NO_CARD: {
    en: 'Save a card first: the subscription is paid by card',
    az: 'Əvvəlcə kart əlavə edin: abunə haqqı kartla ödənilir',
    ru: 'Сначала добавьте карту: подписка оплачивается картой',
  },
  STORE_SUSPENDED: {
    en: 'This store is temporarily closed. Please come back later',
    az: 'Bu mağaza müvəqqəti bağlıdır. Zəhmət olmasa, sonra yenidən gəlin',
    ru: 'Этот магазин временно закрыт. Пожалуйста, зайдите позже',
  },
  // Orders in the control panel (SPEC §8 Orders)
  FULFILL_FAILED: {
    en: 'Failed to fulfill order',
    az: 'Sifarişi icra etmək alınmadı',
    ru: 'Не удалось выполнить заказ',
  },
  REFUND_FAILED: {
    en: 'Failed to refund order',
    az: 'Sifarişin pulunu geri qaytarmaq alınmadı',
    ru: 'Не удалось вернуть деньги за заказ',
  },
  ORDER_NOT_PAID: {
    en: 'This order is not paid, so it can not be fulfilled or refunded',
    az: 'Bu sifariş ödənilməyib, ona görə icra oluna və ya geri qaytarıla bilməz',
    ru: 'Этот заказ не оплачен, поэтому его нельзя выполнить или вернуть',
  },
  ORDER_CANCELED: {
    en: 'This order is canceled or refunded in full',
    az: 'Bu sifariş ləğv olunub və ya pulu tam geri qaytarılıb',
    ru: 'Этот заказ отменён или полностью возвращён',
  },
  ORDER_ALREADY_FULFILLED: {
    en: 'Every item of this order is already fulfilled',
    az: 'Bu sifarişin bütün məhsulları artıq icra olunub',
    ru: 'Все товары этого заказа уже выполнены',
  },
  quantityTooLarge: {
    en: 'More than what is left of this item',
    az: 'Bu məhsuldan qalan miqdardan çoxdur',
    ru: 'Больше, чем осталось по этому товару',
  },
  refundTooLarge: {
    en: 'More than what is left to refund of the payment',
    az: 'Ödənişdən geri qaytarıla bilən məbləğdən çoxdur',
    ru: 'Больше, чем осталось вернуть из оплаты',
  },
  invalidQuantity: {
    en: 'Quantity must be a whole number from 1',
    az: 'Miqdar 1-dən başlayan tam ədəd olmalıdır',
    ru: 'Количество должно быть целым числом от 1',
  },
  regionRequired: { en: 'Choose a region', az: 'Rayon və ya şəhər seçin', ru: 'Выберите район или город' },
  // What each checkout field needs (SPEC §5 Checkout); "Fill in the inputs completely" stays the form's.
  emailRequired: { en: 'Enter your e-mail', az: 'E-poçtunuzu daxil edin', ru: 'Введите e-mail' },
  firstNameRequired: { en: 'Enter your first name', az: 'Adınızı daxil edin', ru: 'Введите имя' },
  lastNameRequired: { en: 'Enter your last name', az: 'Soyadınızı daxil edin', ru: 'Введите фамилию' },
  address1Required: {
    en: 'Enter the street and house',
    az: 'Küçəni və ev nömrəsini daxil edin',
    ru: 'Введите улицу и дом',
  },
  cityRequired: { en: 'Enter the city', az: 'Şəhəri daxil edin', ru: 'Введите город' },
  postCodeRequired: {
    en: 'Enter the post code, e.g. AZ1000',
    az: 'Poçt indeksini daxil edin, məsələn AZ1000',
    ru: 'Введите почтовый индекс, например AZ1000',
  },
  tariffRequired: {
    en: 'Choose a delivery tariff',
    az: 'Çatdırılma tarifini seçin',
    ru: 'Выберите тариф доставки',
  },
  tariffNotAvailable: {
    en: 'This delivery tariff is not available for this address or order',
    az: 'Bu çatdırılma tarifi bu ünvan və ya sifariş üçün mövcud deyil',
    ru: 'Этот тариф доставки недоступен для этого адреса или заказа',
  },
  invalidRange: {
    en: 'The lower bound must not exceed the upper bound',
    az: 'Aşağı hədd yuxarı həddən böyük ola bilməz',
    ru: 'Нижняя граница не может быть больше верхней',
  },
  rangeTooLong: {
    en: 'Choose at most 366 days',
    az: 'Ən çox 366 gün seçin',
    ru: 'Выберите не более 366 дней',
  },
  tariffLimit: {
    en: 'A store can have at most 50 delivery rates',
    az: 'Mağazada ən çox 50 çatdırılma tarifi ola bilər',
    ru: 'В магазине может быть не более 50 тарифов доставки',
  },
  // Discounts: pop-ups, bundles, codes (SPEC §8 Discounts; decision 018)
  POPUPS_LOAD_FAILED: {
    en: 'Failed to load popups',
    az: 'Pop-up pəncərələri yükləmək alınmadı',
    ru: 'Не удалось загрузить всплывающие окна',
  },
  BUNDLES_LOAD_FAILED: {
    en: 'Failed to load bundles',
    az: 'Dəstləri yükləmək alınmadı',
    ru: 'Не удалось загрузить наборы',
  },
  BUNDLE_UPDATE_FAILED: {
    en: 'Failed to update bundle',
    az: 'Dəsti yeniləmək alınmadı',
    ru: 'Не удалось обновить набор',
  },
  BUNDLE_LOAD_FAILED: { en: 'Error loading bundle', az: 'Dəsti yükləmək alınmadı', ru: 'Ошибка загрузки набора' },
  BUNDLE_DELETE_FAILED: { en: 'bundle delete failed', az: 'Dəsti silmək alınmadı', ru: 'Не удалось удалить набор' },
  tooManyBundleProducts: {
    en: 'You can select up to 3 products only',
    az: 'Ən çox 3 məhsul seçə bilərsiniz',
    ru: 'Можно выбрать не более 3 товаров',
  },
  endDateInPast: {
    en: 'End date cannot be in the past',
    az: 'Bitmə tarixi keçmişdə ola bilməz',
    ru: 'Дата окончания не может быть в прошлом',
  },
  endBeforeStart: {
    en: 'The end must be after the start',
    az: 'Bitmə tarixi başlama tarixindən sonra olmalıdır',
    ru: 'Окончание должно быть позже начала',
  },
  invalidDate: {
    en: 'Enter a valid date and time',
    az: 'Düzgün tarix və saat daxil edin',
    ru: 'Укажите корректные дату и время',
  },
  invalidPercent: {
    en: 'Enter a whole percent from 1 to 99',
    az: '1-dən 99-a qədər tam faiz daxil edin',
    ru: 'Укажите целый процент от 1 до 99',
  },
  bundleProductsRequired: {
    en: 'Choose at least one product',
    az: 'Ən azı bir məhsul seçin',
    ru: 'Выберите хотя бы один товар',
  },
  productNotInStore: {
    en: 'Choose products of this store',
    az: 'Bu mağazanın məhsullarını seçin',
    ru: 'Выберите товары этого магазина',
  },
  invalidColour: {
    en: 'Choose a colour (#RRGGBB)',
    az: 'Rəng seçin (#RRGGBB)',
    ru: 'Выберите цвет (#RRGGBB)',
  },
  codeFormat: {
    en: 'A code is 3 to 32 letters, digits, dashes or underscores',
    az: 'Kod 3-32 hərf, rəqəm, tire və ya alt xətdən ibarət olmalıdır',
    ru: 'Код — от 3 до 32 букв, цифр, дефисов или подчёркиваний',
  },
  discountLimit: {
    en: 'A store can have at most 500 discounts',
    az: 'Mağazada ən çox 500 endirim ola bilər',
    ru: 'В магазине может быть не более 500 скидок',
  },
  POPUP_OVERLAP: {
    en: 'Another pop-up is live in these dates: a store shows one pop-up at a time. Change the dates or switch the other one off',
    az: 'Bu tarixlərdə başqa pop-up aktivdir: mağaza eyni anda bir pop-up göstərir. Tarixləri dəyişin və ya digərini söndürün',
    ru: 'В эти даты уже действует другое всплывающее окно: магазин показывает одно за раз. Измените даты или выключите другое',
  },
  DISCOUNT_CODE_TAKEN: {
    en: 'This store already has a discount with this code',
    az: 'Bu mağazada bu kodla endirim artıq var',
    ru: 'В этом магазине уже есть скидка с таким кодом',
  },
  DISCOUNT_CODE_UNKNOWN: {
    en: 'There is no such discount code in this store. Check how it is spelt',
    az: 'Bu mağazada belə endirim kodu yoxdur. Yazılışını yoxlayın',
    ru: 'В этом магазине нет такого кода скидки. Проверьте написание',
  },
  DISCOUNT_CODE_NOT_ACTIVE: {
    en: 'This discount code can not be used now',
    az: 'Bu endirim kodu hazırda istifadə oluna bilməz',
    ru: 'Этот код скидки сейчас нельзя использовать',
  },
  DISCOUNT_CODE_ENDED: {
    en: 'This discount code has ended',
    az: 'Bu endirim kodunun müddəti bitib',
    ru: 'Срок действия этого кода скидки истёк',
  },
  DISCOUNT_CODE_USED_UP: {
    en: 'This discount code has been used up',
    az: 'Bu endirim kodunun istifadə limiti bitib',
    ru: 'Лимит использования этого кода скидки исчерпан',
  },
  DISCOUNT_CODE_CUSTOMER_LIMIT: {
    en: 'This e-mail address has already used this code as many times as it may ({{limit}})',
    az: 'Bu e-poçt ünvanı bu kodu artıq icazə verilən qədər istifadə edib ({{limit}})',
    ru: 'С этим адресом e-mail код уже использован максимальное число раз ({{limit}})',
  },
  DISCOUNT_CODE_MINIMUM: {
    en: 'This code applies to orders from {{minimum}} ₼',
    az: 'Bu kod {{minimum}} ₼ və daha çox məbləğli sifarişlərə aiddir',
    ru: 'Этот код действует для заказов от {{minimum}} ₼',
  },
  OFFER_ENDED: {
    en: 'This offer has ended',
    az: 'Bu təklifin müddəti bitib',
    ru: 'Это предложение закончилось',
  },
  chooseVariant: {
    en: 'Choose an option of this product',
    az: 'Bu məhsulun variantını seçin',
    ru: 'Выберите вариант этого товара',
  },
  // Analytics integrations (SPEC §8 Analytics)
  PIXEL_ID_MISSING: {
    en: 'Market ID or Pixel ID is missing',
    az: 'Mağaza ID-si və ya Pixel ID-si yoxdur',
    ru: 'Отсутствует ID магазина или ID пикселя',
  },
  YANDEX_ID_MISSING: {
    en: 'Market ID or Yandex ID is missing',
    az: 'Mağaza ID-si və ya Yandex ID-si yoxdur',
    ru: 'Отсутствует ID магазина или ID Яндекса',
  },
  GOOGLE_ID_MISSING: {
    en: 'Market ID or Google ID is missing',
    az: 'Mağaza ID-si və ya Google ID-si yoxdur',
    ru: 'Отсутствует ID магазина или ID Google',
  },
  CLARITY_ID_MISSING: {
    en: 'Market ID or Clarity ID is missing',
    az: 'Mağaza ID-si və ya Clarity ID-si yoxdur',
    ru: 'Отсутствует ID магазина или ID Clarity',
  },
  MARKET_ID_MISSING: { en: 'Market ID is missing', az: 'Mağaza ID-si yoxdur', ru: 'Отсутствует ID магазина' },
  invalidPixelId: {
    en: 'A Meta pixel ID is 15 or 16 digits, for example 123456789012345',
    az: 'Meta pixel ID-si 15 və ya 16 rəqəmdən ibarətdir, məsələn 123456789012345',
    ru: 'ID пикселя Meta состоит из 15 или 16 цифр, например 123456789012345',
  },
  invalidYandexId: {
    en: 'A Yandex Metrika counter number is 5 to 10 digits, for example 12345678',
    az: 'Yandex Metrika sayğacının nömrəsi 5–10 rəqəmdən ibarətdir, məsələn 12345678',
    ru: 'Номер счётчика Яндекс Метрики состоит из 5–10 цифр, например 12345678',
  },
  invalidGoogleId: {
    en: 'Enter a Google Analytics 4 measurement ID, for example G-AB12CD34EF',
    az: 'Google Analytics 4 ölçmə ID-sini daxil edin, məsələn G-AB12CD34EF',
    ru: 'Введите идентификатор показателя Google Analytics 4, например G-AB12CD34EF',
  },
  invalidClarityId: {
    en: 'A Clarity project ID is 8 to 12 lowercase letters and digits, for example abcd1234ef',
    az: 'Clarity layihə ID-si 8–12 kiçik hərf və rəqəmdən ibarətdir, məsələn abcd1234ef',
    ru: 'ID проекта Clarity состоит из 8–12 строчных латинских букв и цифр, например abcd1234ef',
  },
  // Sign-in and registration (SPEC §8)
  INVALID_CREDENTIALS: {
    en: 'Email or password is incorrect',
    az: 'E-poçt və ya şifrə yanlışdır',
    ru: 'Неверный e-mail или пароль',
  },
  // Custom domains (SPEC §2, §5, §8; issue 15)
  DOMAIN_TAKEN: {
    en: 'Please add a different domain name',
    az: 'Zəhmət olmasa, başqa domen adı əlavə edin',
    ru: 'Пожалуйста, добавьте другое доменное имя',
  },
  DOMAIN_OURS: {
    en: 'This address belongs to the platform: add a domain you own',
    az: 'Bu ünvan platformaya məxsusdur: sizə məxsus domen əlavə edin',
    ru: 'Этот адрес принадлежит платформе: добавьте свой домен',
  },
  DOMAIN_LIMIT: {
    en: 'A store can have at most 10 domains: remove one first',
    az: 'Mağazanın ən çoxu 10 domeni ola bilər: əvvəlcə birini silin',
    ru: 'У магазина может быть не больше 10 доменов: сначала удалите один',
  },
  DOMAIN_NOT_VERIFIED: {
    en: 'Only a verified, switched-on domain can be the primary one',
    az: 'Yalnız təsdiqlənmiş və aktiv domen əsas ola bilər',
    ru: 'Основным может быть только подтверждённый и включённый домен',
  },
  domainHostOnly: {
    en: 'Enter the domain only, like shop.example.az — without https://, a path or a port',
    az: 'Yalnız domeni daxil edin, məsələn shop.example.az — https://, yol və port olmadan',
    ru: 'Введите только домен, например shop.example.az — без https://, пути и порта',
  },
  domainNotIp: {
    en: 'Enter a domain name, not an IP address',
    az: 'IP ünvan deyil, domen adı daxil edin',
    ru: 'Введите доменное имя, а не IP-адрес',
  },
  domainInvalid: {
    en: 'This is not a domain name: it looks like shop.example.az',
    az: 'Bu domen adı deyil: domen shop.example.az kimi olur',
    ru: 'Это не доменное имя: оно выглядит как shop.example.az',
  },
  // Closing a store or the account (SPEC §9; issue 15, decision 023)
  MARKET_CLOSED: {
    en: 'This store is closed: reopen it to make changes',
    az: 'Bu mağaza bağlıdır: dəyişiklik etmək üçün onu yenidən açın',
    ru: 'Этот магазин закрыт: чтобы вносить изменения, откройте его снова',
  },
  MARKET_NOT_CLOSED: {
    en: 'This store is open',
    az: 'Bu mağaza açıqdır',
    ru: 'Этот магазин открыт',
  },
  STORE_CLOSED: {
    en: 'This store has closed',
    az: 'Bu mağaza bağlanıb',
    ru: 'Этот магазин закрылся',
  },
  // Store employees (SPEC §6; issue 15, decision 022)
  ACCESS_DENIED: {
    en: 'Your access to this store does not include this. Ask the store’s owner',
    az: 'Bu mağazaya girişiniz buna imkan vermir. Mağaza sahibinə müraciət edin',
    ru: 'Ваш доступ к этому магазину этого не включает. Обратитесь к владельцу магазина',
  },
  INVITATION_OTHER_EMAIL: {
    en: 'This invitation was sent to {{email}}: sign in with that e-mail to accept it',
    az: 'Bu dəvət {{email}} ünvanına göndərilib: qəbul etmək üçün həmin e-poçtla daxil olun',
    ru: 'Это приглашение отправлено на {{email}}: чтобы принять его, войдите с этим e-mail',
  },
  INVITATION_SELF: {
    en: 'This is your own e-mail: you already own this store',
    az: 'Bu sizin öz e-poçtunuzdur: bu mağaza onsuz da sizindir',
    ru: 'Это ваш собственный e-mail: этот магазин и так ваш',
  },
  EMPLOYEE_EXISTS: {
    en: 'This person already works in this store: change their access instead',
    az: 'Bu şəxs artıq bu mağazada işləyir: bunun əvəzinə onun girişini dəyişin',
    ru: 'Этот человек уже работает в этом магазине: лучше измените его доступ',
  },
  EMPLOYEE_LIMIT: {
    en: 'A store can have at most 20 employees and invitations: remove one first',
    az: 'Mağazanın ən çoxu 20 əməkdaşı və dəvəti ola bilər: əvvəlcə birini silin',
    ru: 'У магазина может быть не больше 20 сотрудников и приглашений: сначала удалите одно',
  },
  INVITATION_ACCEPTED: {
    en: 'This invitation has already been accepted',
    az: 'Bu dəvət artıq qəbul edilib',
    ru: 'Это приглашение уже принято',
  },
  INVITATION_MAIL_FAILED: {
    en: 'We could not e-mail the invitation, so none was made. Try again in a minute',
    az: 'Dəvəti e-poçtla göndərə bilmədik, ona görə dəvət yaradılmadı. Bir dəqiqədən sonra yenidən cəhd edin',
    ru: 'Не удалось отправить приглашение по e-mail, поэтому оно не создано. Попробуйте через минуту',
  },
  INVITATION_EXPIRED: {
    en: 'This invitation has expired: ask the store’s owner to send a new one',
    az: 'Bu dəvətin müddəti bitib: mağaza sahibindən yenisini göndərməsini xahiş edin',
    ru: 'Срок приглашения истёк: попросите владельца магазина отправить новое',
  },
  // Policies (SPEC §3; issue 15)
  policyTitleRequired: {
    en: 'Give the policy a title',
    az: 'Siyasətə başlıq verin',
    ru: 'Укажите заголовок политики',
  },
  policyTooLong: {
    en: 'The text is too long: at most 100,000 characters with its formatting',
    az: 'Mətn çox uzundur: formatlama ilə birlikdə ən çoxu 100 000 simvol',
    ru: 'Текст слишком длинный: не больше 100 000 символов вместе с форматированием',
  },
  // The store's pages and menus (SPEC §2 cp/content; issue 16)
  pageTitleRequired: {
    en: 'Give the page a title',
    az: 'Səhifəyə başlıq verin',
    ru: 'Укажите заголовок страницы',
  },
  articleVideoInvalid: {
    en: 'Paste the address of a YouTube or Vimeo video',
    az: 'YouTube və ya Vimeo videosunun ünvanını yapışdırın',
    ru: 'Вставьте адрес видео с YouTube или Vimeo',
  },
  pageSlugInvalid: {
    en: 'Use only lowercase Latin letters, digits and single hyphens, e.g. about-us',
    az: 'Yalnız kiçik latın hərfləri, rəqəmlər və tək defis işlədin, məsələn: haqqimizda',
    ru: 'Используйте только строчные латинские буквы, цифры и одиночные дефисы, например: o-nas',
  },
  pageSlugRequired: {
    en: 'The title has no letters a web address can use: type the address yourself',
    az: 'Başlıqda veb ünvanda işlənə bilən hərf yoxdur: ünvanı özünüz yazın',
    ru: 'В заголовке нет букв, пригодных для адреса: введите адрес сами',
  },
  pageTooLong: {
    en: 'The text is too long: at most 100,000 characters with its formatting',
    az: 'Mətn çox uzundur: formatlama ilə birlikdə ən çoxu 100 000 simvol',
    ru: 'Текст слишком длинный: не больше 100 000 символов вместе с форматированием',
  },
  PAGE_SLUG_TAKEN: {
    en: 'Another page of the store already has this address',
    az: 'Mağazanın başqa səhifəsi artıq bu ünvandadır',
    ru: 'У другой страницы магазина уже есть такой адрес',
  },
  PAGE_LIMIT: {
    en: 'A store can have at most 100 pages: delete one you no longer need',
    az: 'Mağazanın ən çoxu 100 səhifəsi ola bilər: lazım olmayanı silin',
    ru: 'В магазине может быть не больше 100 страниц: удалите ненужную',
  },
  menuTargetRequired: {
    en: 'Choose where the link leads',
    az: 'Keçidin hara apardığını seçin',
    ru: 'Выберите, куда ведёт ссылка',
  },
  menuTargetMissing: {
    en: 'This is not in the store (any more): choose something else',
    az: 'Bu artıq mağazada yoxdur: başqasını seçin',
    ru: 'Этого (уже) нет в магазине: выберите другое',
  },
  menuUrlRequired: {
    en: 'Enter the web address',
    az: 'Veb ünvanı daxil edin',
    ru: 'Введите веб-адрес',
  },
  menuUrlInvalid: {
    en: 'Enter a full web address starting with https://, e.g. https://instagram.com/mystore',
    az: 'https:// ilə başlayan tam veb ünvan daxil edin, məsələn: https://instagram.com/magazam',
    ru: 'Введите полный веб-адрес, начинающийся с https://, например: https://instagram.com/mystore',
  },
  menuLabelRequired: {
    en: 'Give the link a name shoppers will see',
    az: 'Keçidə alıcıların görəcəyi ad verin',
    ru: 'Дайте ссылке название, которое увидят покупатели',
  },
  menuHeaderTooMany: {
    en: 'The header menu holds at most 12 links',
    az: 'Başlıq menyusunda ən çoxu 12 keçid ola bilər',
    ru: 'В меню шапки может быть не больше 12 ссылок',
  },
  menuFooterTooMany: {
    en: 'The footer menu holds at most 20 links',
    az: 'Alt hissənin menyusunda ən çoxu 20 keçid ola bilər',
    ru: 'В меню подвала может быть не больше 20 ссылок',
  },
  // The platform's staff (issue 14: adjustments)
  FORBIDDEN: {
    en: 'This is for the platform’s staff only',
    az: 'Bu, yalnız platformanın əməkdaşları üçündür',
    ru: 'Это доступно только сотрудникам платформы',
  },
  invalidAmount: {
    en: 'Enter an amount other than zero, at most 100,000.00 ₼ either way',
    az: 'Sıfırdan fərqli, hər iki istiqamətdə ən çoxu 100 000,00 ₼ məbləğ daxil edin',
    ru: 'Введите сумму, отличную от нуля, не больше 100 000,00 ₼ в любую сторону',
  },
  ADJUSTMENT_MAIL_FAILED: {
    en: 'We could not e-mail the store’s owner about the adjustment, so none was made. Try again in a minute',
    az: 'Düzəliş barədə mağaza sahibinə e-poçt göndərə bilmədik, ona görə düzəliş edilmədi. Bir dəqiqədən sonra yenidən cəhd edin',
    ru: 'Не удалось отправить владельцу магазина письмо о корректировке, поэтому она не сделана. Попробуйте через минуту',
  },
  adjustmentReasonTooShort: {
    en: 'Say why, in at least 10 characters: the merchant reads it',
    az: 'Səbəbi ən azı 10 simvolla yazın: satıcı onu oxuyacaq',
    ru: 'Укажите причину, хотя бы 10 символов: продавец её прочитает',
  },
  // Bank details (SPEC §3; issue 14)
  SET_PASSWORD_FIRST: {
    en: 'Set a password for your account first (Manage account): changing bank details asks for it',
    az: 'Əvvəlcə hesabınız üçün şifrə təyin edin (Hesabın idarəsi): bank rekvizitlərini dəyişmək üçün şifrə tələb olunur',
    ru: 'Сначала задайте пароль аккаунта (Управление аккаунтом): для изменения банковских реквизитов он нужен',
  },
  BANK_DETAILS_MAIL_FAILED: {
    en: 'We could not e-mail you about the change, so nothing was changed. Try again in a minute',
    az: 'Dəyişiklik barədə sizə e-poçt göndərə bilmədik, ona görə heç nə dəyişdirilmədi. Bir dəqiqədən sonra yenidən cəhd edin',
    ru: 'Не удалось отправить вам письмо об изменении, поэтому ничего не изменено. Попробуйте через минуту',
  },
  invalidVoen: {
    en: 'A VÖEN is 10 digits',
    az: 'VÖEN 10 rəqəmdən ibarətdir',
    ru: 'VÖEN (ИНН) состоит из 10 цифр',
  },
  invalidBankCode: {
    en: 'A bank code is 6 digits',
    az: 'Bank kodu 6 rəqəmdən ibarətdir',
    ru: 'Код банка состоит из 6 цифр',
  },
  invalidIban: {
    en: 'Enter an account in IBAN form: AZ, 2 check digits, the bank’s 4 letters and 20 letters or digits (28 in all)',
    az: 'Hesabı IBAN formatında daxil edin: AZ, 2 yoxlama rəqəmi, bankın 4 hərfi və 20 hərf və ya rəqəm (cəmi 28)',
    ru: 'Введите счёт в формате IBAN: AZ, 2 контрольные цифры, 4 буквы банка и 20 букв или цифр (всего 28)',
  },
  ibanChecksum: {
    en: 'This account’s check digits do not match: look for a mistyped character',
    az: 'Bu hesabın yoxlama rəqəmləri uyğun gəlmir: səhv yazılmış simvolu yoxlayın',
    ru: 'Контрольные цифры счёта не сходятся: проверьте, нет ли опечатки',
  },
  invalidSwift: {
    en: 'A SWIFT code is 8 or 11 letters and digits',
    az: 'SWIFT kodu 8 və ya 11 hərf və rəqəmdən ibarətdir',
    ru: 'Код SWIFT состоит из 8 или 11 букв и цифр',
  },
  required: {
    en: 'Fill in the inputs completely',
    az: 'Xanaları tam doldurun',
    ru: 'Заполните все поля',
  },
  GOOGLE_ID_TOKEN_NOT_FOUND: {
    en: 'Google ID token not found',
    az: 'Google ID tokeni tapılmadı',
    ru: 'Google ID-токен не найден',
  },
  GOOGLE_LOGIN_FAILED: {
    en: 'Google login failed',
    az: 'Google ilə giriş alınmadı',
    ru: 'Не удалось войти через Google',
  },
  USER_ALREADY_EXISTS: {
    en: 'User already exists',
    az: 'İstifadəçi artıq mövcuddur',
    ru: 'Пользователь уже существует',
  },
  invalidEmail: {
    en: 'Invalid email format',
    az: 'E-poçt formatı yanlışdır',
    ru: 'Неверный формат e-mail',
  },
  tooShort: { en: 'Too short', az: 'Çox qısadır', ru: 'Слишком коротко' },
  tooLong: { en: 'Too long', az: 'Çox uzundur', ru: 'Слишком длинно' },
  passwordsMustMatch: {
    en: 'Passwords must match',
    az: 'Şifrələr eyni olmalıdır',
    ru: 'Пароли должны совпадать',
  },
  CODE_INCORRECT: { en: 'Code is incorrect', az: 'Kod yanlışdır', ru: 'Неверный код' },
  NO_EMAIL_FOUND: { en: 'No email found', az: 'E-poçt tapılmadı', ru: 'E-mail не найден' },
  SEND_CODE_FAILED: {
    en: 'Failed to send code',
    az: 'Kodu göndərmək alınmadı',
    ru: 'Не удалось отправить код',
  },
  invalidCode: {
    en: 'Please enter a valid code',
    az: 'Zəhmət olmasa, düzgün kod daxil edin',
    ru: 'Пожалуйста, введите правильный код',
  },
  RESET_LINK_FAILED: {
    en: 'Failed to send reset link, please try again',
    az: 'Bərpa linkini göndərmək alınmadı, yenidən cəhd edin',
    ru: 'Не удалось отправить ссылку для сброса, попробуйте ещё раз',
  },
  // Markets (SPEC §8 "Other")
  MARKET_NAME_TAKEN: {
    en: 'The market name must be unique',
    az: 'Mağaza adı unikal olmalıdır',
    ru: 'Название магазина должно быть уникальным',
  },
  marketNameReserved: {
    en: 'This name is reserved by the platform. Choose another one',
    az: 'Bu ad platforma üçün ayrılıb. Başqa ad seçin',
    ru: 'Это название зарезервировано платформой. Выберите другое',
  },
  marketNameFormat: {
    en: 'Use lowercase letters, digits and single hyphens, not at the start or end',
    az: 'Kiçik hərflər, rəqəmlər və tək defis istifadə edin; defis əvvəldə və sonda olmamalıdır',
    ru: 'Используйте строчные буквы, цифры и одиночные дефисы, не в начале и не в конце',
  },
  sectorRequired: {
    en: 'Choose a sector',
    az: 'Sahəni seçin',
    ru: 'Выберите сферу',
  },
  // Product form messages used by uploads (SPEC §8)
  FILE_UPLOAD_FAILED: {
    en: 'File upload failed',
    az: 'Fayl yüklənmədi',
    ru: 'Не удалось загрузить файл',
  },
  UNSUPPORTED_FILE_TYPE: {
    en: 'Only PNG, JPG, JPEG and WebP images are allowed',
    az: 'Yalnız PNG, JPG, JPEG və WebP şəkilləri qəbul olunur',
    ru: 'Допускаются только изображения PNG, JPG, JPEG и WebP',
  },
  FILE_TOO_LARGE: {
    en: 'The file is too large',
    az: 'Fayl çox böyükdür',
    ru: 'Файл слишком большой',
  },
  // Careers (SPEC §8) and the bug report's files (issue 17)
  CV_TYPE_INVALID: {
    en: 'Only PDF or DOCX files are allowed',
    az: 'Yalnız PDF və ya DOCX faylları qəbul olunur',
    ru: 'Допускаются только файлы PDF или DOCX',
  },
  CV_TOO_LARGE: {
    en: 'File size exceeds 100MB',
    az: 'Faylın ölçüsü 100MB-ı keçir',
    ru: 'Размер файла превышает 100 МБ',
  },
  cvRequired: { en: 'CV file is required', az: 'CV faylı tələb olunur', ru: 'Необходимо приложить резюме' },
  applicantFieldsRequired: {
    en: 'Name, Surname, Email and Phone number required',
    az: 'Ad, soyad, e-poçt və telefon nömrəsi tələb olunur',
    ru: 'Укажите имя, фамилию, e-mail и номер телефона',
  },
  letterTooShort: {
    en: 'The motivation letter must be at least 400 characters',
    az: 'Motivasiya məktubu ən azı 400 simvol olmalıdır',
    ru: 'Мотивационное письмо должно содержать не менее 400 символов',
  },
  letterTooLong: {
    en: 'The motivation letter must be at most 2500 characters',
    az: 'Motivasiya məktubu ən çox 2500 simvol ola bilər',
    ru: 'Мотивационное письмо должно содержать не более 2500 символов',
  },
  APPLICATION_FAILED: {
    en: 'An error occurred while submitting your application',
    az: 'Müraciətiniz göndərilərkən xəta baş verdi',
    ru: 'При отправке заявки произошла ошибка',
  },
  VACANCIES_LOAD_FAILED: {
    en: 'An error occurred while loading vacancies or domains',
    az: 'Vakansiyalar və ya domenlər yüklənərkən xəta baş verdi',
    ru: 'При загрузке вакансий или доменов произошла ошибка',
  },
  ALREADY_APPLIED: {
    en: 'You have already applied for this vacancy',
    az: 'Bu vakansiyaya artıq müraciət etmisiniz',
    ru: 'Вы уже откликнулись на эту вакансию',
  },
  VACANCY_HAS_APPLICATIONS: {
    en: 'People have applied for this vacancy. Unpublish it instead: their applications stay',
    az: 'Bu vakansiyaya müraciət edənlər var. Onu silmək əvəzinə dərcdən çıxarın: müraciətlər qalacaq',
    ru: 'На эту вакансию уже откликнулись. Снимите её с публикации: отклики сохранятся',
  },
  IMAGE_TYPE_INVALID: {
    en: 'Only PNG, JPG or JPEG images are allowed',
    az: 'Yalnız PNG, JPG və ya JPEG şəkilləri qəbul olunur',
    ru: 'Допускаются только изображения PNG, JPG или JPEG',
  },
  VIDEO_TYPE_INVALID: {
    en: 'Only MP4 or WEBM videos are allowed',
    az: 'Yalnız MP4 və ya WEBM videoları qəbul olunur',
    ru: 'Допускаются только видео MP4 или WEBM',
  },
  AUDIO_TYPE_INVALID: {
    en: 'The voice note is not a recording this page made',
    az: 'Səs qeydi bu səhifədə yazılmış qeyd deyil',
    ru: 'Голосовое сообщение не является записью с этой страницы',
  },
  MEDIA_TOO_LARGE: {
    en: 'File size exceeds 30MB',
    az: 'Faylın ölçüsü 30MB-ı keçir',
    ru: 'Размер файла превышает 30 МБ',
  },
  microphoneDenied: {
    en: 'Microphone access denied',
    az: 'Mikrofona giriş rədd edildi',
    ru: 'Доступ к микрофону запрещён',
  },
  // Product form (SPEC §8)
  titleRequired: { en: "Title can't be blank", az: 'Başlıq boş ola bilməz', ru: 'Название не может быть пустым' },
  priceRequired: { en: "Price can't be blank", az: 'Qiymət boş ola bilməz', ru: 'Цена не может быть пустой' },
  descriptionRequired: {
    en: "Description can't be blank",
    az: 'Təsvir boş ola bilməz',
    ru: 'Описание не может быть пустым',
  },
  categoryRequired: { en: 'Please select a category', az: 'Kateqoriya seçin', ru: 'Выберите категорию' },
  imageRequired: {
    en: 'At least one image is required',
    az: 'Ən azı bir şəkil tələb olunur',
    ru: 'Нужно хотя бы одно изображение',
  },
  skuRequired: { en: 'SKU is required', az: 'SKU tələb olunur', ru: 'Укажите артикул (SKU)' },
  barcodeRequired: { en: 'Barcode is required', az: 'Barkod tələb olunur', ru: 'Укажите штрихкод' },
  invalidStock: {
    en: 'Stock must be a valid non-negative number',
    az: 'Stok düzgün, mənfi olmayan rəqəm olmalıdır',
    ru: 'Остаток должен быть неотрицательным числом',
  },
  allFieldsRequired: { en: 'All fields required', az: 'Bütün xanalar doldurulmalıdır', ru: 'Заполните все поля' },
  coverImageRequired: {
    en: 'Cover image is required',
    az: 'Üz qabığı şəkli tələb olunur',
    ru: 'Нужна обложка',
  },
  PRODUCT_NAME_TAKEN: {
    en: 'product name must be unique',
    az: 'məhsul adı unikal olmalıdır',
    ru: 'название товара должно быть уникальным',
  },
  invalidPrice: {
    en: 'Enter a price from 0 to 10,000,000 AZN',
    az: '0 ilə 10 000 000 AZN arasında qiymət daxil edin',
    ru: 'Введите цену от 0 до 10 000 000 AZN',
  },
  compareAtNotHigher: {
    en: 'The compare-at price must be higher than the price',
    az: 'Müqayisə qiyməti əsas qiymətdən yüksək olmalıdır',
    ru: 'Цена «до скидки» должна быть выше цены',
  },
  duplicateValue: {
    en: 'This value is already in the list',
    az: 'Bu dəyər artıq siyahıdadır',
    ru: 'Это значение уже есть в списке',
  },
  variantsMismatch: {
    en: 'Each variant needs one existing value of every option, and no two variants may be the same',
    az: 'Hər variantda hər seçimin mövcud bir dəyəri olmalıdır və iki variant eyni ola bilməz',
    ru: 'У каждого варианта должно быть одно значение каждой опции, и варианты не должны повторяться',
  },
  tooMany: {
    en: 'Too many items',
    az: 'Həddindən çox element',
    ru: 'Слишком много элементов',
  },
  CATEGORY_IN_USE: {
    en: 'This category still has products. Move them to another category first',
    az: 'Bu kateqoriyada hələ məhsullar var. Əvvəlcə onları başqa kateqoriyaya köçürün',
    ru: 'В этой категории ещё есть товары. Сначала перенесите их в другую категорию',
  },
  CATEGORY_NAME_TAKEN: {
    en: 'A category with this name already exists',
    az: 'Bu adda kateqoriya artıq mövcuddur',
    ru: 'Категория с таким названием уже существует',
  },
  STOCK_WOULD_BE_NEGATIVE: {
    en: 'Stock can not go below zero',
    az: 'Stok sıfırdan aşağı düşə bilməz',
    ru: 'Остаток не может быть меньше нуля',
  },
  STOCK_HELD: {
    en: 'Checkouts hold {{held}} of these units for up to {{minutes}} min more, so on hand can not go below {{held}}. Wait for the holds to end or release them',
    az: 'Ödəniş gözləyən sifarişlər bu məhsuldan {{held}} ədəd saxlayır (ən çoxu daha {{minutes}} dəq.), ona görə anbardakı say bundan az ola bilməz. Saxlanmanın bitməsini gözləyin və ya onları azad edin',
    ru: 'Оформляемые заказы удерживают {{held}} шт. этого товара (ещё до {{minutes}} мин), поэтому остаток не может быть меньше. Дождитесь окончания резерва или снимите его',
  },
  CSV_INVALID: {
    en: 'The file is not a valid CSV of products',
    az: 'Fayl düzgün məhsul CSV faylı deyil',
    ru: 'Файл не является корректным CSV с товарами',
  },
  // Account rules that the catalogue implies but does not word
  passwordRules: {
    en: 'Use lowercase and uppercase letters, a digit and a special character, without spaces',
    az: 'Kiçik və böyük hərf, rəqəm və xüsusi simvol istifadə edin, boşluqsuz',
    ru: 'Используйте строчные и заглавные буквы, цифру и спецсимвол, без пробелов',
  },
  termsRequired: {
    en: 'Accept the terms to continue',
    az: 'Davam etmək üçün şərtləri qəbul edin',
    ru: 'Примите условия, чтобы продолжить',
  },
  invalidPhone: {
    en: 'Enter the phone as +994 10 234 56 78',
    az: 'Telefonu +994 10 234 56 78 formatında daxil edin',
    ru: 'Введите телефон в формате +994 10 234 56 78',
  },
  invalidUsername: {
    en: 'Use 3–30 lowercase letters, digits, dots or underscores',
    az: '3–30 kiçik hərf, rəqəm, nöqtə və ya alt xətt istifadə edin',
    ru: 'Используйте 3–30 строчных букв, цифр, точек или подчёркиваний',
  },
  invalidValue: {
    en: 'This value is not valid',
    az: 'Bu dəyər düzgün deyil',
    ru: 'Недопустимое значение',
  },
  unknownField: {
    en: 'This field is not accepted',
    az: 'Bu sahə qəbul edilmir',
    ru: 'Это поле не принимается',
  },
  CODE_EXPIRED: {
    en: 'The code has expired. Request a new one',
    az: 'Kodun vaxtı bitib. Yenisini istəyin',
    ru: 'Срок действия кода истёк. Запросите новый',
  },
  CODE_ATTEMPTS_EXCEEDED: {
    en: 'Too many wrong attempts. Request a new code',
    az: 'Çox sayda yanlış cəhd. Yeni kod istəyin',
    ru: 'Слишком много неверных попыток. Запросите новый код',
  },
  EMAIL_NOT_CONFIRMED: {
    en: 'Confirm your email first. We have sent you a new code',
    az: 'Əvvəlcə e-poçtunuzu təsdiqləyin. Sizə yeni kod göndərdik',
    ru: 'Сначала подтвердите e-mail. Мы отправили вам новый код',
  },
  EMAIL_ALREADY_CONFIRMED: {
    en: 'This email is already confirmed. You can sign in',
    az: 'Bu e-poçt artıq təsdiqlənib. Daxil ola bilərsiniz',
    ru: 'Этот e-mail уже подтверждён. Вы можете войти',
  },
  WRONG_PASSWORD: {
    en: 'The current password is incorrect',
    az: 'Hazırkı şifrə yanlışdır',
    ru: 'Текущий пароль неверен',
  },
  USERNAME_TAKEN: {
    en: 'This username is already taken',
    az: 'Bu istifadəçi adı artıq tutulub',
    ru: 'Это имя пользователя уже занято',
  },
  GOOGLE_NOT_CONFIGURED: {
    en: 'Google sign-in is not available',
    az: 'Google ilə giriş mövcud deyil',
    ru: 'Вход через Google недоступен',
  },
  SPAM_SUSPECTED: {
    en: 'We could not accept this form. Please fill it in again, or write to hello@shopbuilder.az',
    az: 'Bu formanı qəbul edə bilmədik. Zəhmət olmasa, yenidən doldurun və ya hello@shopbuilder.az ünvanına yazın',
    ru: 'Мы не смогли принять эту форму. Заполните её ещё раз или напишите на hello@shopbuilder.az',
  },
  RATE_LIMITED: {
    en: 'Too many attempts. Try again in a few minutes',
    az: 'Çox sayda cəhd. Bir neçə dəqiqədən sonra yenidən cəhd edin',
    ru: 'Слишком много попыток. Повторите через несколько минут',
  },
  UNAUTHORIZED: {
    en: 'Please sign in to continue',
    az: 'Davam etmək üçün daxil olun',
    ru: 'Войдите, чтобы продолжить',
  },
  NOT_FOUND: { en: 'Not found', az: 'Tapılmadı', ru: 'Не найдено' },
  VALIDATION_FAILED: {
    en: 'Check the highlighted fields',
    az: 'Qeyd olunan xanaları yoxlayın',
    ru: 'Проверьте отмеченные поля',
  },
  INVALID_JSON: {
    en: 'The request body is not valid JSON',
    az: 'Sorğunun məzmunu düzgün JSON deyil',
    ru: 'Тело запроса не является корректным JSON',
  },
  PAYLOAD_TOO_LARGE: {
    en: 'The request is too large',
    az: 'Sorğu çox böyükdür',
    ru: 'Запрос слишком большой',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    en: 'This content type is not supported',
    az: 'Bu məzmun növü dəstəklənmir',
    ru: 'Этот тип содержимого не поддерживается',
  },
  METHOD_NOT_ALLOWED: {
    en: 'This method is not allowed here',
    az: 'Bu metod burada icazəli deyil',
    ru: 'Этот метод здесь не разрешён',
  },
  INTERNAL: {
    en: 'An error occurred',
    az: 'Xəta baş verdi',
    ru: 'Произошла ошибка',
  },
  // Failures the browser sees before any answer (SPEC §8 "Request failure kinds")
  NETWORK_ERROR: {
    en: 'Could not reach the server. Check your connection',
    az: 'Serverə qoşulmaq mümkün olmadı. İnternet bağlantınızı yoxlayın',
    ru: 'Не удалось связаться с сервером. Проверьте подключение',
  },
  TIMEOUT: {
    en: 'The server took too long to answer. Try again',
    az: 'Server çox gec cavab verdi. Yenidən cəhd edin',
    ru: 'Сервер слишком долго не отвечал. Попробуйте ещё раз',
  },
  PARSE_ERROR: {
    en: 'The answer from the server could not be read',
    az: 'Serverin cavabını oxumaq mümkün olmadı',
    ru: 'Не удалось прочитать ответ сервера',
  },
  SERVICE_UNAVAILABLE: {
    en: 'The service is temporarily unavailable',
    az: 'Xidmət müvəqqəti olaraq əlçatan deyil',
    ru: 'Сервис временно недоступен',
  },
  STORAGE_FULL: {
    en: 'The server is out of storage space: changes cannot be saved right now. Browsing still works; try again later',
    az: 'Serverdə yaddaş yeri qalmayıb: dəyişiklikləri hazırda yadda saxlamaq mümkün deyil. Baxış işləyir; bir az sonra yenidən cəhd edin',
    ru: 'На сервере закончилось место: сохранить изменения сейчас нельзя. Просмотр работает; попробуйте позже',
  },
  // The theme editor (issue 16)
  PALETTE_CONTRAST: {
    en: 'Some colours are hard to read on each other (contrast {{ratio}}:1, at least {{min}}:1 needed). Try {{suggestion}}',
    az: 'Bəzi rənglər bir-birinin üstündə çətin oxunur (kontrast {{ratio}}:1, ən azı {{min}}:1 lazımdır). {{suggestion}} rəngini yoxlayın',
    ru: 'Некоторые цвета плохо читаются друг на друге (контраст {{ratio}}:1, нужно не меньше {{min}}:1). Попробуйте {{suggestion}}',
  },
  PALETTE_IN_USE: {
    en: 'This palette is in use by the store or its draft: choose another palette first',
    az: 'Bu palitra mağazada və ya qaralamada istifadə olunur: əvvəlcə başqa palitra seçin',
    ru: 'Эта палитра используется магазином или черновиком: сначала выберите другую',
  },
  PALETTE_LIMIT: {
    en: 'A store can have at most {{limit}} palettes of its own: remove one first',
    az: 'Mağazanın ən çoxu {{limit}} öz palitrası ola bilər: əvvəlcə birini silin',
    ru: 'У магазина может быть не больше {{limit}} своих палитр: сначала удалите одну',
  },
  FONT_UNKNOWN: {
    en: 'The font "{{font}}" is not one of the fonts on offer',
    az: '"{{font}}" şrifti təklif olunan şriftlərdən deyil',
    ru: 'Шрифта «{{font}}» нет среди предложенных',
  },
  contrastTooLow: {
    en: 'Hard to read: contrast {{ratio}}:1, at least {{min}}:1 needed. Try {{suggestion}}',
    az: 'Çətin oxunur: kontrast {{ratio}}:1, ən azı {{min}}:1 lazımdır. {{suggestion}} rəngini yoxlayın',
    ru: 'Плохо читается: контраст {{ratio}}:1, нужно не меньше {{min}}:1. Попробуйте {{suggestion}}',
  },
  colourInvalid: {
    en: 'Enter a colour as #rrggbb',
    az: 'Rəngi #rrggbb formatında daxil edin',
    ru: 'Введите цвет в формате #rrggbb',
  },
  linkInvalid: {
    en: 'Enter a store path starting with / or a web address starting with https://',
    az: '/ ilə başlayan mağaza yolu və ya https:// ilə başlayan veb ünvan daxil edin',
    ru: 'Введите путь магазина, начинающийся с /, или веб-адрес, начинающийся с https://',
  },
  imageInvalid: {
    en: 'Upload the picture first',
    az: 'Əvvəlcə şəkli yükləyin',
    ru: 'Сначала загрузите изображение',
  },
  socialInvalid: {
    en: 'Enter the profile name or its address',
    az: 'Profil adını və ya ünvanını daxil edin',
    ru: 'Введите имя профиля или его адрес',
  },
  whatsappInvalid: {
    en: 'Enter the WhatsApp number with the country code, e.g. +994 50 123 45 67',
    az: 'WhatsApp nömrəsini ölkə kodu ilə daxil edin, məs. +994 50 123 45 67',
    ru: 'Введите номер WhatsApp с кодом страны, например +994 50 123 45 67',
  },
  notInStore: {
    en: 'Not found in this store',
    az: 'Bu mağazada tapılmadı',
    ru: 'Не найдено в этом магазине',
  },
  collectionRequired: {
    en: 'Choose a collection',
    az: 'Kolleksiya seçin',
    ru: 'Выберите коллекцию',
  },
  // The page the server answers itself when the web app can't render one (platform/unavailable-page.ts)
  TRY_AGAIN_SOON: {
    en: 'Please come back in a few minutes.',
    az: 'Zəhmət olmasa, bir neçə dəqiqədən sonra yenidən baş çəkin.',
    ru: 'Пожалуйста, вернитесь через несколько минут.',
  },
} satisfies Record<string, Texts>;

export type MessageKey = keyof typeof messages;

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(messages, value);
}

/** Figures a message names as `{{name}}` (the web's i18next writes them the same way). */
export type MessageParams = Record<string, string | number>;

export function translate(key: MessageKey, language: Language, params?: MessageParams): string {
  const text: string = messages[key][language];
  if (!params) return text;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/**
 * The personal topics a user talks about and asks about (seed 003's "what the user said about themselves"): for
 * each, the words that name it in a question and the words a statement of it uses — its vocabulary and common
 * instances (breeds, conditions, languages, occupations, car makes…). "what do I code in?" names `programming`;
 * "at the new place it's all kotlin" says it; both then carry the topic's term (`topicTerm`). Lists are
 * comma-separated; an entry of several words is a phrase. Matched on analysed terms (`analyzeText`: lower case,
 * stopwords out, stemmed), so "dogs" matches "dog"; an entry with a stopword or a symbol ("call me",
 * "they/them", "c++") is matched as written, on word boundaries, and `{n}` in an entry stands for a number
 * ("turning {n}").
 */

/** One personal topic. */
export interface PersonalTopic {
  /** A short name, unique, lower-case letters: the topic's search term is `topic<id>` (see `topicLine`). */
  readonly id: string;
  /** Words or phrases that name the topic in a question. */
  readonly asked: string;
  /** Words or phrases a statement of the topic uses. */
  readonly said: string;
}

/** Occupations, as a statement names one: the `work` topic's and the `occupation` topic's. */
const occupations =
  'engineer, developer, programmer, designer, nurse, doctor, teacher, lawyer, solicitor, accountant, architect, analyst, consultant, scientist, researcher, pharmacist, dentist, vet, chef, barista, electrician, plumber, carpenter, mechanic, pilot, paramedic, firefighter, police, officer, journalist, editor, translator, librarian, therapist, physio, physiotherapist, midwife, surgeon, professor, lecturer, tutor, photographer, illustrator, musician, actor, marketer, recruiter, cashier, courier, farmer, gardener, receptionist, administrator, hygienist, dental nurse, hairdresser, stylist, barber, bartender, waiter, waitress, server, cook, baker, butcher, cleaner, carer, caregiver, care worker, social worker, counsellor, counselor, psychologist, psychiatrist, optometrist, optician, radiographer, technician, bookkeeper, banker, estate agent, realtor, salesperson, supervisor, shift supervisor, store manager, shop assistant, clerk, secretary, nanny, childminder, coach, personal trainer, instructor, lifeguard, florist, tailor, welder, roofer, builder, labourer, landscaper, flight attendant, cabin crew, soldier, security guard, driver, delivery driver, qa, tester, sre, devops, firmware, product manager, project manager, data scientist, web developer';

/** The topics. Broad vocabularies, not any conversation's wordings: a miss costs recall, a false tag costs little. */
export const personalTopics: readonly PersonalTopic[] = [
  {
    id: 'name',
    asked: 'name, called, call me, nickname, surname',
    said: 'my name, call me, called me, nickname, surname, goes by, go by, sign it, signed, sign off, signature, regards, initials',
  },
  {
    id: 'age',
    asked: 'age, old, birthday, born, birth',
    said: 'birthday, bday, born, years old, my age, turning {n}, turn {n}, {n} years old, {n}th birthday, {n}st birthday, {n}nd birthday, {n}rd birthday, born in {n}',
  },
  {
    id: 'home',
    asked:
      'live, lives, reside, based, address, home, city, town, neighbourhood, neighborhood, move, moved, area, country',
    said: 'moved, moving, flat, apartment, house, neighbourhood, neighborhood, rent, landlord, lease, mortgage, commute, neighbours, neighbors, downstairs, upstairs, postcode, zip code, settled, relocated, live in, living in, lives in, moved to, based in, our house, my house, my place, hometown now, drive home, home to, get home to, just outside, outskirts, nearest town, up in the hills, in the hills, village, countryside, rural, middle of nowhere, what3words, postcode',
  },
  {
    id: 'hometown',
    asked:
      'grew, originally, hometown, roots, childhood, raised in, where was i raised, brought up, where was i from',
    said: 'grew up, raised, born in, hometown, originally, back home, childhood, where i grew, brought up',
  },
  {
    id: 'work',
    asked:
      'job, jobs, work, working, office, boss, manager, career, profession, occupation, colleagues, coworkers, role, position, title, employed, for a living, trade, workplace, busy season',
    said: `work, job, office, boss, manager, colleague, coworker, co-worker, team, shift, shifts, salary, hired, promoted, promotion, contract, freelance, freelancer, intern, internship, day job, retail, hospital, clinic, warehouse, farm, flock, ewes, lambing, livestock, cattle, herd, shop, business, customers, ${occupations}`,
  },
  {
    id: 'occupation',
    asked: 'for a living, do for work, profession, occupation, job title, trade, what do i do',
    said: `${occupations}, years a, yrs a, years an, yrs an, trained as, qualified as, work as, working as`,
  },
  {
    id: 'employer',
    asked:
      'company, employer, firm, work for, work at, salary, pays, paid, payroll, employed, work, part-time, part time, side job',
    said: 'work for, work at, working for, working at, shift at, shifts at, job at, started at, start at, joined, new job, left, labs, inc, ltd, gmbh, llc, startup, agency, firm, company, employer, hired, new place, job offer, offer, redundant, laid off',
  },
  {
    id: 'workplace',
    asked: 'work from, wfh, remote, commute, commuting, desk',
    said: 'remote, fully remote, wfh, work from home, working from home, home office, hot desk, hot desking, coworking, co-working, commute, commuting, box room, spare room, my office, in the office, office days, desk',
  },
  {
    id: 'partner',
    asked:
      'partner, wife, husband, spouse, married, girlfriend, boyfriend, gf, bf, fiance, fiancee, significant other, other half',
    said: 'partner, wife, husband, spouse, girlfriend, boyfriend, gf, bf, hubby, wifey, missus, fiance, fiancee, engaged, married, wedding, anniversary, other half, dating, my man, my girl',
  },
  {
    id: 'kids',
    asked: 'kids, kid, children, child, son, sons, daughter, daughters, baby, babies',
    said: 'son, daughter, kid, kids, children, child, toddler, baby, newborn, twins, teenager, teen, teenage, nursery, daycare, school run, stepson, stepdaughter, boy, lad, my boy, year {n}, school formal, homework, screen time',
  },
  {
    id: 'family',
    asked:
      'mom, mum, mother, dad, father, parents, parent, brother, sister, siblings, sibling, family, grandma, grandmother, grandpa, grandfather, aunt, uncle, cousin, in-laws, nephew, niece, granddaughter, grandson, grandchild, grandchildren, grandkids',
    said: 'mom, mum, mother, dad, father, parents, brother, sister, sibling, family, grandma, grandmother, grandpa, grandfather, gran, granny, nan, nana, grandad, aunt, uncle, cousin, in-laws, mother-in-law, father-in-law, nephew, niece, bro, sis, stepmom, stepmum, stepdad, granddaughter, grandson, grandchild, grandchildren, grandkids, mam, care home',
  },
  {
    id: 'parents',
    asked:
      'mom, mum, mother, dad, father, parents, parent, stepmom, stepmum, stepdad, stepfather, stepmother',
    said: 'mom, mum, mother, dad, father, parents, mam, ma, pa, stepmom, stepmum, stepdad, stepfather, stepmother, my folks, my old man, my old lady',
  },
  {
    id: 'siblings',
    asked: 'brother, brothers, sister, sisters, sibling, siblings, twin',
    said: 'brother, sister, sibling, siblings, bro, sis, lil bro, little bro, big bro, lil sis, little sis, big sis, little brother, big brother, little sister, big sister, older brother, younger brother, older sister, younger sister, twin, half-brother, half-sister, stepbrother, stepsister',
  },
  {
    id: 'grandchildren',
    asked:
      'grandchild, grandchildren, granddaughter, granddaughters, grandson, grandsons, grandkids, grandbaby',
    said: 'grandchild, grandchildren, granddaughter, grandson, grandkids, grandbaby, first grandchild, became a grandma, became a grandad, nana, grandparent',
  },
  {
    id: 'friends',
    asked: 'friend, friends, bestie, best friend, bff, mate, mates, pal, pals, buddy',
    said: 'friend, closest friend, best friend, bestie, bff, best mate, my friend, my friends, a friend, mate, mates, pal, buddy, friend of mine, childhood friend, oldest friend',
  },
  {
    id: 'events',
    asked:
      'wedding, weddings, event, events, party, parties, reunion, celebration, ceremony, occasion, funeral, graduation, invited',
    said: 'wedding, getting married, married, reunion, funeral, christening, baptism, bar mitzvah, bat mitzvah, baby shower, engagement party, graduation, birthday party, hen do, stag do, bachelorette, bachelor party, invited, invitation, rsvp, plus one, guest, ceremony, reception',
  },
  {
    id: 'pets',
    asked:
      'pet, pets, dog, dogs, cat, cats, puppy, kitten, animal, animals, rabbit, hamster, fish, parrot, bird, breed',
    said: 'dog, cat, puppy, pup, kitten, pet, vet, walkies, adopted, rescue, leash, kibble, litter, groomer, labrador, retriever, greyhound, whippet, lurcher, spaniel, terrier, poodle, cockapoo, labradoodle, beagle, dachshund, sausage dog, collie, husky, corgi, pug, bulldog, frenchie, chihuahua, alsatian, german shepherd, boxer, rottweiler, doberman, shih tzu, schnauzer, staffie, tabby, siamese, ragdoll, maine coon, bengal, sphynx, rabbit, bunny, hamster, guinea pig, gerbil, budgie, parrot, tortoise, turtle, gecko, snake, goldfish, axolotl',
  },
  {
    id: 'diet',
    asked:
      'eat, eating, food, foods, cook, cooking, order, ordering, dinner, lunch, breakfast, meal, meals, menu, restaurant, avoid, diet, dietary, cuisine, dish',
    said: "coeliac, celiac, gluten, lactose, dairy, nut, peanut, cashew, almond, walnut, hazelnut, pistachio, shellfish, prawn, shrimp, sesame, soy, vegan, vegetarian, veggie, pescatarian, halal, kosher, keto, paleo, plant-based, gluten-free, dairy-free, nut-free, meat-free, no meat, eat meat, cant eat, can't eat, dont eat, don't eat, favourite food, favorite food, cuisine, intermittent fasting, calories, diet",
  },
  {
    id: 'allergy',
    asked: 'allergic, allergy, allergies, intolerant, intolerance, sensitive, react to, react badly',
    said: 'allergic, allergy, allergies, epipen, anaphylaxis, anaphylactic, a&e, hives, rash, react, reaction, swell, swelling, intolerant, intolerance, penicillin, antibiotics, latex, pollen, hay fever, hayfever, bee sting, wasp sting, dust mites, nut, peanut, cashew, almond, walnut, hazelnut, shellfish, prawn, shrimp, sesame, gluten, lactose, coeliac, celiac',
  },
  {
    id: 'tastes',
    asked:
      'herb, herbs, spice, spices, taste, tastes, flavour, flavor, dislike, hate, stand, snack, snacks, sweet, favourite food, favorite food',
    said: "tastes like, taste like, cant stand, can't stand, hate, loathe, dislike, not a fan, coriander, cilantro, basil, parsley, mint, dill, rosemary, thyme, oregano, mushrooms, olives, anchovies, blue cheese, liquorice, licorice, celery, aubergine, eggplant, beetroot, brussels sprouts, marmite, spicy, chilli, chili, garlic, sweet tooth, chocolate, crisps",
  },
  {
    id: 'health',
    asked:
      'health, condition, conditions, medical, medication, medications, meds, medicine, doctor, diagnosed, illness, chronic, disability, prescription, pills, inhaler, sick, tablets, operation, op, surgery, hospital, consultant, back, knee, hip, problem, problems, blood pressure, bp, take for',
    said: 'asthma, asthmatic, inhaler, diabetes, diabetic, insulin, coeliac, celiac, epilepsy, epileptic, migraine, adhd, autism, autistic, dyslexia, dyslexic, anxiety, depression, arthritis, eczema, psoriasis, ibs, crohn, hypertension, blood pressure, thyroid, pcos, endometriosis, long covid, chronic, fibromyalgia, tinnitus, colourblind, colorblind, colour blind, color blind, diagnosed, diagnosis, prescribed, medication, meds, tablets, pills, surgery, sleep apnea, insomnia, bad back, bad knee, pregnant, hearing aid, wheelchair, metformin, statins, levothyroxine, hip replacement, knee replacement, operation, consultant, waiting list, gp, health condition, condition, medical, disc, bulging disc, slipped disc, herniated disc, sciatica, back pain, bp, cholesterol, gout, perindopril',
  },
  {
    id: 'medication',
    asked:
      'medication, medications, meds, medicine, medicines, prescription, prescribed, pills, tablets, drug, drugs, dose, dosage, on for',
    said: 'medication, meds, medicine, prescription, prescribed, pills, tablets, dose, mg, repeat prescription, pharmacy, pharmacist, switched me, put me on, vyvanse, adderall, ritalin, concerta, elvanse, methylphenidate, sertraline, zoloft, prozac, fluoxetine, lexapro, escitalopram, citalopram, wellbutrin, bupropion, venlafaxine, mirtazapine, lithium, lamotrigine, metformin, insulin, levothyroxine, thyroxine, statins, atorvastatin, ramipril, amlodipine, lisinopril, warfarin, aspirin, ibuprofen, paracetamol, naproxen, codeine, tramadol, gabapentin, pregabalin, propranolol, ventolin, salbutamol, inhaler, antidepressant, antidepressants, antihistamine, antihistamines, birth control, the pill, contraceptive, hrt, melatonin, steroids, prednisolone',
  },
  {
    id: 'fears',
    asked:
      'scared, afraid, fear, fears, phobia, phobias, frightened, terrified, scares, frightens, nervous of',
    said: 'terrified, scared, afraid, fear, phobia, frightened, freaks me out, freak me out, creeps me out, creep me out, petrified, panic, panics, hate heights, nightmare, nightmares, spiders, heights, needles, flying, clowns',
  },
  {
    id: 'bodyart',
    asked:
      'tattoo, tattoos, tattooed, ink, inked, piercing, piercings, pierced, design on, on my arm, on my forearm, on my wrist, on my ankle, on my back, on my leg, on my skin',
    said: 'tattoo, tattoos, tattooed, tat, tats, ink, inked, piercing, piercings, pierced, nose ring, septum, sleeve, forearm, tattoo artist, flash',
  },
  {
    id: 'possessions',
    asked:
      'treasure, treasured, prized, possession, possessions, heirloom, heirlooms, sentimental, precious, most valuable, keepsake, inherited, own',
    said: "heirloom, inherited, handed down, passed down, left me, grab in a fire, sentimental, treasure, prized, keepsake, antique, gran's, grandma's, grandad's, grandpa's, nan's, my mum's, my mom's, my dad's, wedding ring, engagement ring",
  },
  {
    id: 'photography',
    asked: 'camera, cameras, lens, lenses, photography, photographer, photos, pictures, shoot with, shoot on',
    said: 'camera, lens, lenses, dslr, mirrorless, film camera, 35mm, film roll, roll of film, load film, darkroom, shutter, aperture, canon, nikon, pentax, fujifilm, fuji, leica, olympus, minolta, polaroid, instax, gopro, hasselblad, point and shoot, photography, photographer, photos',
  },
  {
    id: 'drinks',
    asked: 'drink, drinks, coffee, tea, caffeine, beverage, brew',
    said: 'coffee, tea, latte, cappuccino, flat white, espresso, americano, macchiato, mocha, cortado, decaf, oat milk, matcha, chai, earl grey, green tea, herbal, beer, wine, whisky, whiskey, gin, cider, kombucha, smoothie, soda, diet coke, teetotal, sober, caffeine, brew',
  },
  {
    id: 'music',
    asked:
      'music, band, bands, song, songs, listen, listening, artist, artists, singer, album, albums, gig, concert, playlist, genre',
    said: "band, album, song, gig, concert, tour, touring, tickets, tix, playlist, spotify, vinyl, listening, on repeat, singer, rapper, dj, festival, cant stop playing, can't stop playing, jazz, rock, metal, punk, techno, hip hop, rap, indie, folk, classical, kpop, k-pop, r&b, soul, reggae, country music, music",
  },
  {
    id: 'sport',
    asked:
      'team, sport, sports, club, supporter, fan, football, soccer, basketball, baseball, hockey, rugby, cricket, f1',
    said: 'fan, supporter, season ticket, league, derby, stadium, jersey, football, soccer, rugby, cricket, basketball, baseball, hockey, nba, nfl, f1, premier league, fc, lifelong, supports, my team, match, game day, kick off, kickoff, full time, half time, final whistle, referee, ref, scored, try, tries, relegated, relegation, promoted, fixture, fixtures, playoffs, threw it away, last minute, season',
  },
  {
    id: 'hobbies',
    asked:
      'hobby, hobbies, weekend, weekends, free, spare, fun, relax, unwind, pastime, interests, passion, class, classes, course, lessons, evening, evenings, taking up, craft',
    said: 'hobby, free time, spare time, weekends, practice, practise, lessons, evening class, night class, workshop, beginner, painting, drawing, life drawing, sketching, watercolour, knitting, crochet, pottery, ceramics, photography, gardening, baking, woodwork, sewing, embroidery, quilting, birdwatching, chess, gaming, board games, dnd, puzzles, crosswords, jigsaw, allotment, calligraphy, poetry, scrapbooking, lego, fishing, sailing, camping',
  },
  {
    id: 'instruments',
    asked: 'instrument, instruments, orchestra',
    said: 'guitar, bass guitar, piano, keyboard, violin, viola, cello, double bass, drums, drum kit, ukulele, saxophone, sax, flute, clarinet, trumpet, trombone, oboe, harp, banjo, mandolin, harmonica, accordion, orchestra, choir, singing, music lessons, grade {n}, tune it, tuning, instrument',
  },
  {
    id: 'exercise',
    asked:
      'sport, sports, exercise, exercising, workout, gym, fitness, train, training, activity, race, races, entered, marathon, run, running, work out, working out, works out',
    said: 'gym, workout, climbing, bouldering, running, run, jog, jogging, swimming, swim, cycling, yoga, pilates, crossfit, tennis, badminton, squash, padel, golf, netball, rowing, kayaking, surfing, skiing, snowboarding, martial arts, karate, judo, boxing, jiu jitsu, bjj, dance, dancing, hiking, walking, spin class, weights, lifting, marathon, half marathon, {n}k, parkrun, triathlon, ironman, race, sportive, signed up for, training plan, personal best, pb, exercise, fitness, training',
  },
  {
    id: 'car',
    asked: 'car, cars, drive, driving, vehicle, motor, ev, tractor, quad, van, truck',
    said: 'car, drive, driving, clutch, gearbox, tyres, tires, mot, mpg, mileage, dealership, test drive, hatchback, saloon, suv, ev, electric car, charger, chargers, charging, road trip, parking, toyota, honda, ford, fiesta, vw, volkswagen, skoda, octavia, fabia, kia, niro, hyundai, tesla, bmw, audi, mercedes, volvo, nissan, renault, peugeot, citroen, fiat, mazda, subaru, jeep, lexus, prius, corolla, civic, yaris, clio, land rover, range rover, motorbike, motorcycle, scooter, van, tractor, quad bike, pickup, truck, massey, john deere',
  },
  {
    id: 'bike',
    asked: 'bike, bikes, bicycle, ride, riding, cycle, cycling',
    said: 'bike, bicycle, cycling, cycle, ride, gears, saddle, brompton, road bike, mountain bike, ebike, e-bike, pedal, puncture',
  },
  {
    id: 'language',
    asked: 'language, languages, speak, speaking, fluent, tongue, native',
    said: 'speak, fluent, first language, mother tongue, native, bilingual, duolingo, english, spanish, french, german, italian, portuguese, dutch, polish, russian, ukrainian, japanese, chinese, mandarin, cantonese, korean, arabic, hindi, urdu, bengali, turkish, greek, swedish, norwegian, danish, finnish, hebrew, welsh, irish, gaelic, tagalog, vietnamese, thai, indonesian, swahili, czech, hungarian, romanian, persian, farsi, language',
  },
  {
    id: 'programming',
    asked: 'code, coding, programming, stack, framework',
    said: 'python, javascript, typescript, java, kotlin, swift, rust, golang, c#, c++, ruby, php, scala, elixir, haskell, clojure, perl, django, dotnet, flutter, dart, coding, programming',
  },
  {
    id: 'education',
    asked:
      'study, studied, studying, degree, university, uni, college, school, major, graduated, masters, phd, course, qualification, education',
    said: 'degree, msc, bsc, mba, phd, masters, bachelor, bachelors, undergrad, postgrad, university, uni, college, graduated, grad, thesis, dissertation, majored, studied, studying, diploma',
  },
  {
    id: 'books',
    asked:
      'book, books, read, reading, author, authors, writer, writers, novel, novels, novelist, crime, genre',
    said: 'reading, book, novel, author, writer, kindle, audiobook, chapter, trilogy, book club, goodreads, paperback, library, novels, detective, crime novel, thriller',
  },
  {
    id: 'films',
    asked:
      'film, films, movie, movies, series, tv, watch, watching, director, soap, soap opera, programme, drama',
    said: 'watching, watched, binge, netflix, series, season, episode, film, movie, cinema, director, soap, iplayer, drama, programme',
  },
  {
    id: 'pronouns',
    asked: 'pronouns, pronoun, gender, refer to me, address me',
    said: 'pronouns, pronoun, they/them, she/her, he/him, she/they, he/they, nonbinary, non-binary, enby, misgendered',
  },
  {
    id: 'charity',
    asked:
      'charity, charities, volunteer, volunteering, donate, nonprofit, help out, helping out, give back, giving back',
    said: 'volunteer, volunteering, volunteered, charity, food bank, foodbank, shelter, fundraiser, fundraising, donate, nonprofit, soup kitchen, mentoring, mentor, scout leader',
  },
  {
    id: 'religion',
    asked:
      'religion, religious, faith, believe, beliefs, church, god, pray, worship, spiritual, denomination, chapel',
    said: 'church, mosque, synagogue, temple, gurdwara, pray, prayer, worship, ramadan, eid, fasting, lent, easter, diwali, passover, yom kippur, shabbat, sabbath, mass, communion, bible, quran, torah, christian, muslim, jewish, hindu, buddhist, sikh, catholic, protestant, anglican, methodist, baptist, quaker, orthodox, lutheran, presbyterian, evangelical, mormon, pagan, atheist, agnostic, meditation, meeting for worship, chapel, minister, vicar, priest, rabbi, imam, congregation, faith, religion, religious',
  },
  {
    id: 'sleep',
    asked:
      'morning, early, sleep, wake, bedtime, owl, night owl, at night, get up, getting up, wake up, up at',
    said: 'night owl, early riser, morning person, insomnia, alarm, alarm goes, bedtime, lie in, sleep, get up, up at, wake up, half past, half five, half six, half seven, half eight',
  },
  {
    id: 'routine',
    asked:
      'routine, routines, mornings, morning, evenings, evening, daily, start my day, habit, habits, usually',
    said: 'every morning, each morning, most mornings, every day, most days, weekdays, before work, after work, routine, habit, habits, {n}:{n}, {n}am, {n} am, {n}pm, alarm, first thing, every evening',
  },
  {
    id: 'handedness',
    asked: 'handed, which hand, hand do i',
    said: 'leftie, lefty, left-handed, left handed, right-handed, right handed, southpaw, ambidextrous',
  },
  {
    id: 'travel',
    asked:
      'trip, trips, travel, travelling, traveling, holiday, holidays, vacation, visiting, flight, break, getaway, time off, reading week, spring break, half term, half-term, long weekend, going away, heading',
    said: 'trip, flight, flights, booked, holiday, vacation, itinerary, honeymoon, visiting, travel, travelling, reading week, spring break, half term, long weekend, getaway, train to, taking the train, road trip, cruise, staycation, airbnb, hostel, hotel, going to, heading to',
  },
  {
    id: 'devices',
    asked: 'phone, laptop, computer, device, devices, mobile, smartphone',
    said: 'iphone, android, pixel, samsung, galaxy, macbook, thinkpad, laptop, phone, ipad, tablet, nokia, mobile, smartphone, screenshot',
  },
  {
    id: 'nationality',
    asked: 'citizen, citizenship, passport',
    said: 'passport, citizen, citizenship, nationality, visa, expat, immigrant',
  },
];

/**
 * The search term that marks a topic in a turn: `topic<id>` in the user's turns, `othertopic<id>` in other
 * speakers' (the assistant's, another named speaker's). A turn carries it in its context (`topicLine`), a
 * question that names the topic adds it (`questionTopicTerms`: a question about the user only the user's). A word
 * of its own, so only such a question meets such a turn by it.
 */
export const topicTerm = (topic: PersonalTopic, speaker: 'user' | 'other'): string =>
  `${speaker === 'user' ? '' : 'other'}topic${topic.id}`;

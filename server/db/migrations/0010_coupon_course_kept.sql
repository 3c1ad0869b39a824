ALTER TABLE "coupons" DROP CONSTRAINT "coupons_course_id_courses_id_fk";
